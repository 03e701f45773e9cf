#include "counter.h"
#include "shape.h"

int total;

int bump(int by) {
//           ^ declares: parameter
    total += by;
    // ^ write: src/counter.c:4
    //       ^ local: 6
    return total;
    //     ^ value: src/counter.c:4
}

static int twice(int by) {
    return by * 2;
}

static struct counter shared = {0, bump};
//                                 ^ value: src/counter.c:6

static int (*pick(int fast))(int) {
//                    ^ declares: parameter
    return fast ? twice : bump;
    //     ^ local: 22
    //            ^ value: src/counter.c:15
    //                    ^ value: src/counter.c:6
}

void advance(struct counter *c, int by) {
    c->count = c->count + by;
    // ^ write: include/counter.h::counter.count
    //            ^ value: include/counter.h::counter.count
    //                    ^ local: 30
    shared.count++;
    //     ^ write: include/counter.h::counter.count
    // ^ value: src/counter.c:19
    c->step = pick(1);
    // ^ write: include/counter.h::counter.step
    struct counter copy = *c;
    //             ^ declares: variable
    copy.step = twice;
    // ^ local: 40
    //   ^ write: include/counter.h::counter.step
    //          ^ value: src/counter.c:15
    register_step(bump);
    //            ^ value: src/counter.c:6
}

int shadowing(int total) {
//                ^ declares: parameter
    int sum = total;
    //        ^ local: 50
    {
        int sum = 2;
        //  ^ declares: variable
        total = sum;
        // ^ local: 50
        //      ^ local: 55
    }
    for (int total = 0; total < 3; total++) {
    //                             ^ local: 61
        sum += total;
    //  ^ local: 52
        //     ^ local: 61
    }
    return sum + total;
    //     ^ local: 52
    //           ^ local: 50
}

int nested_let(void) {
    int r = total;
    //      ^ value: src/counter.c:4
    {
        r += total;
        //   ^ value: src/counter.c:4
        int total = 5;
        r += total;
        //   ^ local: 78
    }
    return r;
}

int macros(int v) {
    int (*fn)(int) = bump;
    //     ^ declares: variable
    //               ^ value: src/counter.c:6
    return CLAMP(v) + LIMIT + fn(v);
    //                ^ value: include/counter.h:4
    //                        ^ local: 86
}

int prototypes(void) {
    int twice(int by);
    //        ^ none
    //                ^ none
    int bump(int by);
    //           ^ none
    return twice(1) + bump(2);
    //     ^ defined: src/counter.c:15
    //                ^ defined: src/counter.c:6
}
