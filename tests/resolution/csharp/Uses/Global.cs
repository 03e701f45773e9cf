namespace Acme.Uses
{
    public class Config
    {
        public void Load() {}
    }

    public class Globals
    {
        public void Top(global::Config outer, Config inner)
        //                      ^ defined: Root/Config.cs::Config
        //                                    ^ defined: Uses/Global.cs::Acme.Uses.Config
        {
            outer.Load();
            //    ^ defined: Root/Config.cs::Config.Load
            inner.Load();
            //    ^ defined: Uses/Global.cs::Acme.Uses.Config.Load
            var made = new global::Config();
            //                      ^ defined: Root/Config.cs::Config
            made.Load();
            //   ^ defined: Root/Config.cs::Config.Load
            new global::Config().Load();
            //                   ^ defined: Root/Config.cs::Config.Load
        }
    }
}
