using Geo.Models;

namespace Geo.App
{
    public static class CircleExtensions
    {
        public static double Twice(this Circle circle) => circle.Area() * 2;
        //                                                       ^ defined: Models/Circle.cs:10
    }

    public class ExtensionUser
    {
        public double Use(Circle circle)
        {
            circle.Missing();
            //     ^ unresolved: circle.Missing from -
            return circle.Twice();
            //            ^ ambiguous: App/Extensions.cs:7
        }
    }
}
