namespace Acme.Uses
{
    // A cast names the type of the value: a member of it is that type's member.
    public class Casts
    {
        public class Circle
        {
            public int Radius = 1;

            public int Area() { return 3; }
        }

        public int Measure(object x)
        {
            int a = ((Circle)x).Area();
            //                  ^ defined: Uses/Casts.cs:10
            int b = (x as Circle).Area();
            //                    ^ defined: Uses/Casts.cs:10
            int c = ((Circle)x).Radius;
            //                  ^ value: Uses/Casts.cs:8
            return a + b + c;
        }

        public int Total(System.Collections.Generic.List<Circle> circles, Circle[] more)
        {
            int t = 0;
            foreach (var c in circles)
            {
                t += c.Area();
                //     ^ defined: Uses/Casts.cs:10
            }
            foreach (var c in more)
            {
                t += c.Radius;
                //     ^ value: Uses/Casts.cs:8
            }
            return t;
        }

        public int Lambdas(System.Collections.Generic.List<Circle> circles)
        {
            circles.ForEach(c => c.Area());
            //                     ^ defined: Uses/Casts.cs:10
            return circles.Where(c => c.Radius > 0).Count();
            //                          ^ value: Uses/Casts.cs:8
        }
    }
}
