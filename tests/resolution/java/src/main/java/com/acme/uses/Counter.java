package com.acme.uses;

import com.acme.shop.Item;
//                   ^ import: src/main/java/com/acme/shop/Item.java::Item
import static com.acme.uses.Limits.MAX;
//                                 ^ import: src/main/java/com/acme/uses/Limits.java::Limits.MAX
import java.util.function.IntUnaryOperator;
//                        ^ unresolved: java.util.function.IntUnaryOperator

public class Counter<T> {
    int count;
    Limits limits = new Limits();
    IntUnaryOperator doubler = Limits::twice;
    //                                 ^ defined: src/main/java/com/acme/uses/Limits.java::Limits.twice

    void step(T item, Item other) {
    //        ^ defined: src/main/java/com/acme/uses/Counter.java::Counter.T
    //          ^ declares: parameter
        count = count + MAX;
        // ^ write: src/main/java/com/acme/uses/Counter.java::Counter.count
        //      ^ value: src/main/java/com/acme/uses/Counter.java::Counter.count
        //              ^ value: src/main/java/com/acme/uses/Limits.java::Limits.MAX
        this.count++;
        //   ^ write: src/main/java/com/acme/uses/Counter.java::Counter.count
        limits.used += Limits.MAX;
        //     ^ write: src/main/java/com/acme/uses/Limits.java::Limits.used
        //                    ^ value: src/main/java/com/acme/uses/Limits.java::Limits.MAX
        int seen = other.cost;
        //               ^ value: src/main/java/com/acme/shop/Item.java::Item.cost
        register(this::step);
        //             ^ defined: src/main/java/com/acme/uses/Counter.java::Counter.step
        Runnable task = this::reset;
        run(task);
        //  ^ local: 32
        IntUnaryOperator f = count -> count + seen;
        //                   ^ declares: parameter
        //                            ^ local: 35
        //                                    ^ local: 28
        use(count);
        //  ^ value: src/main/java/com/acme/uses/Counter.java::Counter.count
        for (int limits = 0; limits < 3; limits++) {
            use(limits);
            //  ^ local: 41
        }
        use(limits);
        //  ^ value: src/main/java/com/acme/uses/Counter.java::Counter.limits
        try {
            reset();
        } catch (RuntimeException count) {
            use(count);
            //  ^ local: 49
        }
        Object o = other;
        if (o instanceof Item found) {
            use(found.cost);
            //  ^ local: 54
            //        ^ value: src/main/java/com/acme/shop/Item.java::Item.cost
        }
        int count = 1;
        use(count);
        //  ^ local: 59
        use(doubler);
        //  ^ value: src/main/java/com/acme/uses/Counter.java::Counter.doubler
    }

    void reset() {
        count = 0;
        // ^ write: src/main/java/com/acme/uses/Counter.java::Counter.count
    }

    void register(Object callback) {}
    void run(Runnable r) {}
    void use(Object value) {}
}
