using Geo.Util;
using Geo.Models;

namespace Geo.Reports
{
    public class Format
    {
        public static string Num(double value) => "";
    }

    public class Report : Circle
    //                    ^ defined: Models/Circle.cs:5
    {
        public override double Area() => base.Area() * 2;
        //                     ^ overrides: Models/Circle.cs:10
        //                                    ^ defined: Models/Circle.cs:10

        public string Show()
        {
            return Format.Num(Radius);
            //            ^ defined: App/Reports.cs:8
            //                ^ defined: Models/Circle.cs:7
        }

        public Point Where()
        //     ^ defined: Models/Point.cs:3
        {
            Center.Dist(Origin);
            //     ^ defined: Models/Point.cs:7
            //          ^ defined: Models/Shape.cs:11
            return Center;
        }
    }
}
