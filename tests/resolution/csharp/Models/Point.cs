namespace Geo.Models
{
    public class Point
    {
        public double X;

        public double Dist(Point other)
        {
            return other.X - X;
        }
    }
}
