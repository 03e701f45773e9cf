using System;
using System.Collections.Generic;
using Geo.Models;
using Geo.Util;
using Geo.Missing;
//        ^ unresolved: Geo.Missing from -
using M = Geo.Models;
using J = Newtonsoft.Json.JsonConvert;
using static Geo.Util.Format;

namespace Geo.App
{
    public class Program
    {
        private Logger logger = new Logger();
        //                          ^ defined: Util/Log.cs:3
        private Circle cached;
        //      ^ defined: Models/Circle.cs:5

        public static void Main(string[] args)
        {
            var c = new Circle();
            //          ^ defined: Models/Circle.cs:5
            c.Area();
            //^ defined: Models/Circle.cs:10
            c.Describe();
            //^ defined: Models/Shape.cs:6
            c.Name();
            //^ defined: Models/Circle.cs:12
            c.Self();
            //^ defined: Models/Shape.cs:14
            Shape s = c;
            // ^ defined: Models/Shape.cs:9
            s.Area();
            //^ defined: Models/Shape.cs:12
            s.Origin.Dist(null);
            //       ^ defined: Models/Point.cs:7
            IShape i = s;
            i.Describe();
            //^ defined: Models/Shape.cs:6
            Circle u = Circle.Unit();
            //                ^ defined: Models/Circle.cs:17
            u.Points();
            //^ defined: Models/Circle.cs:19
            var v = Circle.Unit();
            v.Center.Dist(null);
            //       ^ defined: Models/Point.cs:7
            var w = s.Self();
            w.Name();
            //^ defined: Models/Shape.cs:13
            var m = new M.Point();
            //            ^ defined: Models/Point.cs:3
            m.Dist(m);
            //^ defined: Models/Point.cs:7
            Num(1.0);
            //^ defined: Util/Log.cs:10
            Console.WriteLine("x");
            //      ^ unresolved
            J.SerializeObject(c);
            //^ unresolved: Newtonsoft.Json.JsonConvert.SerializeObject from Newtonsoft.Json.JsonConvert
            Widget.Make();
            //     ^ unresolved: Widget.Make from -
            var list = new List<Circle>();
            //                  ^ defined: Models/Circle.cs:5
        }

        public void Run(Shape shape, Logger log)
        {
            shape.Name();
            //    ^ defined: Models/Shape.cs:13
            log.Log("x");
            //  ^ defined: Util/Log.cs:5
            logger.Log("y");
            //     ^ defined: Util/Log.cs:5
            cached.Area();
            //     ^ defined: Models/Circle.cs:10
            this.Helper();
            //   ^ defined: App/Program.cs:90
            Helper();
            // ^ defined: App/Program.cs:90
        }

        public void Shadow()
        {
            Point cached = null;
            cached.Dist(cached);
            //     ^ defined: Models/Point.cs:7
        }

        private void Helper() { }

        Dictionary<string, Point> Map() => null;
        //                 ^ defined: Models/Point.cs:3
    }
}
