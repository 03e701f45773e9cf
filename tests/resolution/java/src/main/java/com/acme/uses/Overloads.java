package com.acme.uses;

// Java overloads across a hierarchy: a subclass's method of a name leaves the superclass's of that name in reach
// unless it overrides it (the same parameters). Which one a call picks depends on the argument types, which codeknit
// does not weigh: both are candidates.
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
