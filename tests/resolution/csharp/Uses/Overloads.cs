namespace Acme.Uses
{
    // Overloads a call's argument count tells apart: only those that accept as many arguments stay. A params
    // array takes any number more (none too), an optional parameter may be left out, and an extension method
    // is also called on its first argument. Of overloads that accept as many, the argument types choose where the
    // syntax tells them (ArgumentTypes.cs).
    public static class Texts
    {
        public static string Pad(this string s, int width = 8) { return s; }
    }

    public class Meter
    {
        public Meter() { }
        public Meter(int start) : this() { }
        //                        ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Meter
        public Meter(int start, int step) : this(start) { }
        //                                  ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Meter#2

        public int Add(int n) { return n; }
        public int Add(int n, int m) { return n + m; }
        public int Add(string label, int n, int m, params int[] more) { return n; }

        public int Scale(int n, int by = 2) { return n * by; }
        public int Scale(string unit) { return 0; }

        public int Use(Meter made)
        {
            var pair = new Meter(1, 2);
            //             ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Meter#3
            int one = Add(1);
            //        ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Add
            int two = made.Add(1, m: 2);
            //             ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Add#2
            int many = Add("x", 1, 2, 3, 4) + Add("y", 1, 2);
            //         ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Add#3
            //                                ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Add#3
            int scaled = Scale(1, 3) + Scale(1);
            //           ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Scale
            //                         ^ defined: Uses/Overloads.cs::Acme.Uses.Meter.Scale
            // (an extension method on an outside type: string may have a member of the name, the call stays open)
            string padded = "a".Pad() + Texts.Pad("b", 4);
            //                  ^ ambiguous: Uses/Overloads.cs::Acme.Uses.Texts.Pad
            //                                ^ defined: Uses/Overloads.cs::Acme.Uses.Texts.Pad
            return one + two + many + scaled + padded.Length;
        }
    }
}
