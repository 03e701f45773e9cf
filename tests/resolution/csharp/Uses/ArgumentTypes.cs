using System.Collections.Generic;

namespace Acme.Uses
{
    // Overloads chosen by the types of what a call passes, where the syntax tells them: literals, new, casts, typed
    // locals and parameters, operators, fields. C#'s conversions: implicit numeric ones, boxing, reference
    // conversions through the project's classes; the better conversion chooses (int to long is better than int to
    // object, a subclass better than its base). An int constant converts to a narrower type where it is in range
    // (which is not read: such an overload stays, undecided), a type with an implicit operator may take more than
    // its hierarchy says (it stays), a generic interface's type argument is not read (it stays), and named
    // arguments are not matched by position. An extension method stays open beside what the receiver's type may
    // have (as a call of one always does), among the overloads that can take the arguments.
    public class Shape { }
    public class Circle : Shape { }
    public class Money
    {
        public static implicit operator Money(decimal amount) { return new Money(); }
    }

    public class Printer
    {
        public void Print(int n) { }
        public void Print(long n) { }
        public void Print(double d) { }
        public void Print(string s) { }
        public void Print(object o) { }

        public void Wide(long n) { }
        public void Wide(object o) { }

        public void Small(byte b) { }
        public void Small(string s) { }

        public void Draw(Shape s) { }
        public void Draw(Circle c) { }

        public void Pay(Money m) { }
        public void Pay(string note) { }

        public void Named(int count, string label) { }
        public void Named(string label, int count) { }

        public void Items(IEnumerable<int> items) { }
        public void Items(string text) { }
    }

    public static class Extras
    {
        public static void Show(this Printer p, int n) { }
        public static void Show(this Printer p, string s) { }
    }

    public class Caller
    {
        private int total;
        private static readonly System.Int64 Limit = 10;

        public void Use(Printer p, Circle circle, Shape shape, int count, long big)
        {
            p.Print(1);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print
            p.Print(1L);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#2
            p.Print(1.5);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#3
            p.Print(2f);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#3
            p.Print("text");
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#4
            p.Print(null);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#4
            p.Print('c');
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print
            p.Print(true);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#5
            p.Print(circle);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#5
            p.Print(count);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print
            p.Print(big);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#2
            p.Print(total);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print
            p.Print(Limit);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#2
            p.Print(count > 1);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#5
            p.Print("n=" + count);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#4
            p.Wide(3);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Wide
            p.Wide("x");
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Wide#2
            p.Small(1);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Small
            p.Small("s");
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Small#2
            p.Draw(circle);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Draw#2
            p.Draw(shape);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Draw
            p.Draw(new Circle());
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Draw#2
            p.Pay(1.5m);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Pay
            p.Pay("thanks");
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Pay, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Pay#2
            p.Named(label: "a", count: 1);
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Named, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Named#2
            p.Named(1, "a");
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Named
            p.Items(new int[2]);
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Items, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Items#2
            p.Items("abc");
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Items, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Items#2
            p.Show(2);
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Extras.Show
            p.Show("two");
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Extras.Show#2
            Extras.Show(p, "two");
            //     ^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Extras.Show#2
            var made = new Circle();
            p.Draw(made);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Draw#2
            var word = "w";
            p.Print(word);
            //^ defined: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#4
            var unknown = count + 1;
            p.Print(unknown);
            //^ ambiguous: Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#2, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#3, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#4, Uses/ArgumentTypes.cs::Acme.Uses.Printer.Print#5
        }
    }
}

