namespace Geo.Models
{
    public interface IShape
    {
        double Area();
        string Describe() => "shape";
    }

    public abstract class Shape : IShape
    {
        public Point Origin;
        public abstract double Area();
        public virtual string Name() => "shape";
        public Shape Self() => this;
    }
}
