using System;
using P = Geo.Models.Point;
//                   ^ import: Models/Point.cs::Geo.Models.Point
using static Geo.Uses.Limits;

namespace Geo.Uses
{
    public class Counter<T>
    {
        int count;
        string Label { get; set; }
        Func<int, int> doubler = Limits.Doubled;
        //                              ^ value: Uses/Limits.cs::Geo.Uses.Limits.Doubled

        void Step(T item, P other)
        //        ^ defined: Uses/Counter.cs::Geo.Uses.Counter.T
        //          ^ declares: parameter
        {
            count = count + Max;
            // ^ write: Uses/Counter.cs::Geo.Uses.Counter.count
            //      ^ value: Uses/Counter.cs::Geo.Uses.Counter.count
            //              ^ value: Uses/Limits.cs::Geo.Uses.Limits.Max
            this.count++;
            //   ^ write: Uses/Counter.cs::Geo.Uses.Counter.count
            Limits.Used += Limits.Max;
            //     ^ write: Uses/Limits.cs::Geo.Uses.Limits.Used
            //                    ^ value: Uses/Limits.cs::Geo.Uses.Limits.Max
            Label = "x";
            // ^ write: Uses/Counter.cs::Geo.Uses.Counter.Label
            var seen = other.X;
            //               ^ value: Models/Point.cs::Geo.Models.Point.X
            Register(Reset);
            //       ^ value: Uses/Counter.cs::Geo.Uses.Counter.Reset
            Action task = this.Reset;
            //                 ^ value: Uses/Counter.cs::Geo.Uses.Counter.Reset
            Run(task);
            //  ^ local: 34
            Func<int, double> f = count => count + seen;
            //                    ^ declares: parameter
            //                             ^ local: 38
            //                                     ^ local: 30
            Use(count);
            //  ^ value: Uses/Counter.cs::Geo.Uses.Counter.count
            foreach (var count in new[] { 1 })
            {
                Use(count);
                //  ^ local: 44
            }
            try
            {
                Reset();
            }
            catch (Exception count)
            {
                Use(count);
                //  ^ local: 53
            }
            if (item is string text)
            {
                Use(text);
                //  ^ local: 58
            }
            Use(doubler);
            //  ^ value: Uses/Counter.cs::Geo.Uses.Counter.doubler
            f(2);
          //^ local: 38
        }

        void Reset()
        {
            count = 0;
            // ^ write: Uses/Counter.cs::Geo.Uses.Counter.count
            int count2 = count;
            //           ^ value: Uses/Counter.cs::Geo.Uses.Counter.count
        }

        void Shadow(int count)
        {
            Use(count);
            //  ^ local: 77
        }

        void Register(Action callback) { }
        void Run(Action r) { }
        void Use(object value) { }
    }
}
