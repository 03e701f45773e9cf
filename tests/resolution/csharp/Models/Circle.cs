using System.Collections.Generic;

namespace Geo.Models;

public class Circle : Shape
{
    public double Radius { get; set; }
    public Point Center { get; set; }

    public override double Area() => 3.14 * Radius * Radius;

    public override string Name()
    {
        return base.Name() + "circle";
    }

    public static Circle Unit() => new Circle();

    public List<Point> Points() => new List<Point>();
}
