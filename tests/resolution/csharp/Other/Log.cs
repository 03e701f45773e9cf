namespace Geo.Other
{
    public class Logger
    {
        public void Log(string message) { }
    }
}
