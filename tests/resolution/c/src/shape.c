#include <stdlib.h>
#include "shape.h"
#include "util.h"

static int counter;

static int square_area(const Shape *s) {
    return SQUARE(s->size);
    //     ^ defined: include/shape.h:4
}

static void square_draw(const Shape *s) {
    (void)s;
}

static const struct shape_ops square_ops = {square_area, square_draw};
//                  ^ defined: include/shape.h:8

static int helper(int x) {
    return x + 1;
}

Shape *shape_new(int size) {
//^ defined: include/shape.h:6
    Shape *s = malloc(sizeof(Shape));
    //         ^ unresolved: malloc
    s->ops = &square_ops;
    s->size = helper(size);
    //        ^ defined: src/shape.c:19
    counter++;
    return s;
}

int shape_area(const Shape *s) {
    return s->ops->area(s);
    //             ^ defined: include/shape.h:9
}

int count_shapes(void) {
    return counter;
}
