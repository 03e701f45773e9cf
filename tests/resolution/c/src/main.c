#include <stdio.h>
#include "shape.h"
#include "util.h"
#include "missing.h"
//        ^ unresolved: "missing.h"

struct point {
    int x;
    int y;
};

static int area_of(struct point *p) {
    //                    ^ defined: src/main.c:7
    return p->x * p->y;
}

int main(void) {
    Shape *s = shape_new(3);
    //         ^ defined: src/shape.c:23
    // ^ defined: include/shape.h:6
    int a = shape_area(s);
    //      ^ defined: src/shape.c:34
    a = util_max(a, count_shapes());
    //  ^ defined: src/util.c:7
    //              ^ defined: src/shape.c:39
    a += declared_only(a);
    //   ^ defined: include/util.h:5
    s->ops->draw(s);
    //      ^ defined: include/shape.h:10
    printf("%d\n", a);
    // ^ unresolved: printf
    not_declared(a);
    // ^ unresolved: not_declared
    missing_fn();
    // ^ unresolved: missing_fn
    struct point p = {1, 2};
    a += area_of(&p);
    //   ^ defined: src/main.c:12
    enum color tint = RED;
    //   ^ defined: include/shape.h:18
    measure_fn measure = shape_area;
    // ^ defined: include/shape.h:20
    a += measure(s);
    //   ^ unresolved: measure
    (void)tint;
    int helper = 4;
    return a + helper + SQUARE(helper);
    //                  ^ defined: include/shape.h:4
}

static struct shape_ops *current_ops;

static int through_global(const Shape *s) {
    return current_ops->area(s) + shape_area(s);
    //                  ^ defined: include/shape.h:9
    //                            ^ defined: src/shape.c:34
}

static int shadowed(int shape_area) {
    return shape_area + count_shapes();
    //                  ^ defined: src/shape.c:39
}
