using Geo.Models;

namespace Acme.Uses
{
    // A member named after its own type (C#'s "Color Color"): where a type is written, the name is the type's.
    public class Holder
    {
        internal readonly Point Point;
        //                ^ defined: Models/Point.cs::Geo.Models.Point

        public Holder(Point point)
        //            ^ defined: Models/Point.cs::Geo.Models.Point
        {
            Point = point;
            // ^ write: Uses/SameName.cs::Acme.Uses.Holder.Point
        }

        public Point Copy()
        //     ^ defined: Models/Point.cs::Geo.Models.Point
        {
            return Point;
            //     ^ value: Uses/SameName.cs::Acme.Uses.Holder.Point
        }

        public double Far(Point other)
        {
            return Point.Dist(other);
            //           ^ defined: Models/Point.cs::Geo.Models.Point.Dist
        }
    }
}
