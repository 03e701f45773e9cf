using System.Collections.Generic;
using Geo.Models;
using Pt = Geo.Models.Point;

namespace Geo.App
{
    public class Square : Shape
    {
        public override double Area() => 1.0;
        //                     ^ overrides: Models/Shape.cs:12

        public override string Name() => "square";
        //                     ^ overrides: Models/Shape.cs:13

        public void Inspect(Shape shape, List<Circle> circles, object thing)
        //                               ^ unresolved
        //                                    ^ defined: Models/Circle.cs:5
        {
            if (shape is Circle circle)
            {
                circle.Points();
                //     ^ defined: Models/Circle.cs:19
            }
            foreach (Circle each in circles)
            {
                each.Area();
                //   ^ defined: Models/Circle.cs:10
            }
            var cast = thing as Pt;
            cast.Dist(null);
            //   ^ defined: Models/Point.cs:7
            var made = (Circle)thing;
            made.Name();
            //   ^ defined: Models/Circle.cs:12
            var size = made.Radius;
            //              ^ defined: Models/Circle.cs:7
        }
    }
}
