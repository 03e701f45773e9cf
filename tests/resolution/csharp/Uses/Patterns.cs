namespace Acme.Uses
{
    // A property pattern names its type, and the variable it declares holds that type.
    public class Disc
    {
        public double R;
    }

    public static class Patterns
    {
        public static string Size(object o) => o switch
        {
            Disc { R: > 1 } d => "big" + d.R,
            // ^ defined: Uses/Patterns.cs:4
            //                             ^ value: Uses/Patterns.cs:6
            _ => "",
        };

        public static bool Empty(object o) => o is Disc { R: 0 };
        //                                          ^ defined: Uses/Patterns.cs:4
    }
}
