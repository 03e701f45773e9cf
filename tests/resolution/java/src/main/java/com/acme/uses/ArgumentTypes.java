package com.acme.uses;

import java.util.List;

// Overloads chosen by the types of what a call passes, where the syntax tells them (JLS 15.12.2): literals, ``new``,
// casts, parameters and locals declared with a type, operators. First the overloads that take the arguments without
// boxing or variable arity, then with boxing, then with variable arity; of those, the most specific one. Where an
// argument's type is not told (a ternary, a lambda's parameter, a call of several overloads), no choice is made: the
// overloads that accept as many arguments stay candidates. A field's, a constant's and a call's result's type is
// read from its declaration, where no local of the callable has the name (typed or not, declared before or after).
class Shape {}

class Circle extends Shape {}

final class Printer {
    void print(int n) {}
    void print(long n) {}
    void print(double d) {}
    void print(char c) {}
    void print(boolean b) {}
    void print(String s) {}
    void print(Object o) {}

    void box(Integer n) {}
    void box(String s) {}

    void draw(Shape s) {}
    void draw(Circle c) {}
    void draw(String s) {}

    void pair(Shape s, long n) {}
    void pair(Circle c, int n) {}

    void many(int... ns) {}
    void many(String first, int... rest) {}

    void list(List<String> items) {}
    void list(String item) {}

    void seq(CharSequence text) {}
    void seq(Shape shape) {}

    <T> void all(T[] items) {}
    void all(Object item) {}

    void order(Comparable<?> key) {}
    void order(Object key) {}
}

enum Level { LOW, HIGH }

// candidates by name for a receiver of unknown type: those that cannot take the arguments are left out, and no
// choice is made among the rest (they are methods of unrelated classes, not overloads)
class Pen { void write(String s) {} }
class Brush { void write(Object o) {} }
class Chalk { void write(int n) {} }

class Overloaded {
    Overloaded(int size) {}
    Overloaded(String name) {}
    Overloaded(Shape shape) {}

    Overloaded() {
        this("default");
      //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Overloaded.Overloaded#2
    }

    String name() { return ""; }

    void fields(Printer p) {
        p.print(total);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.print(RATE);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
    }

    int total;
    static final double RATE = 0.5;
    Circle made() { return new Circle(); }

    void use(Printer p, Circle circle, Shape shape, int count, long big, List<String> items) {
        p.print(1);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.print(1L);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#2
        p.print(1.5);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
        p.print(2f);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
        p.print('x');
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#4
        p.print(true);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#5
        p.print("text");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6
        p.print(null);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6
        p.print(circle);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#7
        p.print(count);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.print(big);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#2
        p.print(count + big);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#2
        p.print(count * 2.0);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
        p.print("n=" + count);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6
        p.print(count > 1);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#5
        p.print((Object) "cast");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#7
        p.print(new int[2]);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#7
        short small = 3;
        p.print(small);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.print(-small);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.box(1);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.box
        p.box("one");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.box#2
        p.box(1L);
        //^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.box, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.box#2
        p.draw(circle);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2
        p.draw(shape);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw
        p.draw(new Circle());
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2
        p.draw(null);
        //^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#3
        p.pair(circle, 1);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.pair#2
        p.pair(circle, 1L);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.pair
        p.pair(shape, 1);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.pair
        p.many(1, 2);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.many
        p.many("a", 2);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.many#2
        p.many();
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.many
        p.list(items);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.list
        p.list("one");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.list#2
        p.seq("text");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.seq
        p.seq(circle);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.seq#2
        p.print(name());
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6
        p.draw(name());
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#3
        p.draw(made());
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2
        p.print(this.total);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print
        p.print(RATE);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
        p.print(count > 2 ? 1 : 2);
        //^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#2, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#4, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#5, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#7
        items.forEach(total -> p.print(total));
        //                       ^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#2, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#4, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#5, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#7
        p.all(new String[1]);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.all
        p.all(new int[1]);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.all#2
        p.all("one");
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.all#2
        p.order(Level.LOW);
        //^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.order, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.order#2
        p.order(new Circle());
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.order#2
        new Overloaded(3);
        //  ^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Overloaded.Overloaded
        new Overloaded(circle);
        //  ^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Overloaded.Overloaded#3
        ((count > 2) ? new Pen() : new Brush()).write("text");
        //                                      ^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Pen.write, src/main/java/com/acme/uses/ArgumentTypes.java::Brush.write
        ((count > 2) ? new Pen() : new Chalk()).write(3);
        //                                      ^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Brush.write, src/main/java/com/acme/uses/ArgumentTypes.java::Chalk.write
        var total = 1.5;
        p.print(total);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#3
        var made = new Circle();
        p.draw(made);
        //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2
        var unknown = count > 2 ? circle : shape;
        p.draw(unknown);
        //^ ambiguous: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#2, src/main/java/com/acme/uses/ArgumentTypes.java::Printer.draw#3
        for (String item : items) {
            p.print(item);
            //^ defined: src/main/java/com/acme/uses/ArgumentTypes.java::Printer.print#6
        }
    }
}

