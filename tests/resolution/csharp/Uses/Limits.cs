namespace Geo.Uses
{
    public static class Limits
    {
        public const int Max = 10;
        public static int Used { get; set; }

        public static int Doubled(int n) => n * 2;
    }
}
