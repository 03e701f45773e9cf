package com.acme.uses;

// Java overloads across a hierarchy: a subclass's method of a name leaves the superclass's of that name in reach
// unless it overrides it (the same parameters). Which one a call picks depends on the argument types: here an
// outside interface (``Type``) and an outside class (``Class``), whose relation codeknit cannot see: both are candidates.
class Maker {
    String make(java.lang.reflect.Type type) { return "type"; }

    String tag(String text) { return text; }
}

class ClassMaker extends Maker {
    String make(Class<?> cls) { return "class"; }

    @Override
    String tag(java.lang.String text) { return "<" + text + ">"; }
    //     ^ overrides: src/main/java/com/acme/uses/Overloads.java::Maker.tag
}

class Holder<T> {
    void put(T item) {}
}

class TextHolder extends Holder<String> {
    @Override
    void put(String item) {}
    //   ^ overrides: src/main/java/com/acme/uses/Overloads.java::Holder.put
}

class MakerUser {
    String use(ClassMaker maker, java.lang.reflect.Type type) {
        return maker.make(type) + maker.tag("x");
        //           ^ ambiguous: src/main/java/com/acme/uses/Overloads.java::ClassMaker.make, src/main/java/com/acme/uses/Overloads.java::Maker.make
        //                              ^ defined: src/main/java/com/acme/uses/Overloads.java::ClassMaker.tag
    }
}

// Overloads a call's argument count tells apart: only those that accept as many arguments stay. A variadic
// parameter takes any number more (none too); a receiver parameter (``Counter this``) is no argument. Of
// overloads that accept as many, the argument types choose where the syntax tells them (``OverloadTypes``).
class Counter {
    Counter() {}
    Counter(int start) { this(); }
    //                   ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.Counter

    Counter(int start, int step) { this(start); }
    //                             ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.Counter#2

    Counter(String name) {}

    int add(Counter this, int n) { return n; }
    int add(int n, int m) { return n + m; }
    int add(String label, int n, int m, int... more) { return n; }

    String show(int n) { return "" + n; }
    String show(String s) { return s; }

    int scale(int n, int by) { return n * by; }
    int scale(int n, int... by) { return n; }

    int use(Counter made) {
        Counter pair = new Counter(1, 2), other = new Counter(3);
        //                 ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.Counter#3
        //                                            ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.Counter#2
        int one = add(1);
        //        ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.add
        int two = made.add(1, /* a comment is no argument */ 2);
        //             ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.add#2
        int three = add("x", 1, 2);
        //          ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.add#3
        String shown = show(3);
        //             ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.show
        int scaled = scale(1, 2) + scale(1) + scale(1, 2, 3);
        //           ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.scale
        //                         ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.scale#2
        //                                    ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.scale#2
        return one + two + three + scaled + shown.length() + add("y", 1, 2, 3, 4);
        //                                                   ^ defined: src/main/java/com/acme/uses/Overloads.java::Counter.add#3
    }
}
