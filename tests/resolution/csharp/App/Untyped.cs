using Geo.Util;
using Geo.Other;

namespace Geo.Untyped
{
    public class Caller
    {
        private Logger both;
        //      ^ ambiguous: Util/Log.cs:3, Other/Log.cs:3

        public object Get() => null;

        public void Go()
        {
            ((Logger)Get()).Log("a");
            //              ^ ambiguous: Util/Log.cs:5, Other/Log.cs:5
            Geo.Other.Logger o = new Geo.Other.Logger();
            //                                 ^ defined: Other/Log.cs:3
            //        ^ defined: Other/Log.cs:3
            o.Log("b");
            //^ defined: Other/Log.cs:5
        }
    }
}
