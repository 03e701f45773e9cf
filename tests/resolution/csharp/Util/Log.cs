namespace Geo.Util
{
    public class Logger
    {
        public void Log(string message) { }
    }

    public static class Format
    {
        public static string Num(double value) => value.ToString();
    }
}
