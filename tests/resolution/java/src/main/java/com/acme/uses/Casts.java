package com.acme.uses;

// A cast names the type of the value: a member of it is that type's member.
public class Casts {
    interface Shape {
        int area();
    }

    static class Circle implements Shape {
        int radius = 1;

        public int area() {
            return 3;
        }
    }

    static class Square implements Shape {
        public int area() {
            return 4;
        }
    }

    int measure(Object x, Object y) {
        int a = ((Circle) x).area();
        //                   ^ defined: src/main/java/com/acme/uses/Casts.java:12
        int b = ((Shape) y).area();
        //                  ^ defined: src/main/java/com/acme/uses/Casts.java:6
        int c = ((Circle) x).radius;
        //                   ^ value: src/main/java/com/acme/uses/Casts.java:10
        return a + b + c;
    }

    int total(java.util.List<Circle> circles, Square[] squares) {
        int t = 0;
        for (var c : circles) {
            t += c.area();
            //     ^ defined: src/main/java/com/acme/uses/Casts.java:12
        }
        for (var c : squares) {
            t += c.area();
            //     ^ defined: src/main/java/com/acme/uses/Casts.java:18
        }
        return t;
    }

    long lambdas(java.util.List<Circle> circles, java.util.Optional<Square> maybe) {
        circles.forEach(c -> c.area());
        //                     ^ defined: src/main/java/com/acme/uses/Casts.java:12
        maybe.ifPresent(s -> s.area());
        //                     ^ defined: src/main/java/com/acme/uses/Casts.java:18
        return circles.stream().filter(c -> c.area() > 1).count();
        //                                    ^ defined: src/main/java/com/acme/uses/Casts.java:12
    }
}
