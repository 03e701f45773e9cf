/* Shapes: a tiny geometry library. */
#ifndef SHAPES_H
#define SHAPES_H

#include <stddef.h>

/** Largest number of shapes a canvas holds. */
#define MAX_SHAPES 16
/* Square of a number (evaluates x twice). */
#define SQUARE(x) ((x) * (x))

/** A callback run for each shape; returns non-zero to stop. */
typedef int (*visit_fn)(int index, void *data);

typedef struct Point {
    int x;
    int y;
} Point;

typedef enum { SHAPE_CIRCLE, SHAPE_RECT = 4 } ShapeKind;

/* Drawing order. */
enum Layer { LAYER_BACK, LAYER_FRONT = 10 };

union Value {
    int i;
    double d;
};

struct Shape {
    ShapeKind kind;
    Point origin;
    double (*area)(const struct Shape *self);
    char name[32];
};

extern int shape_count;

/** Area of a shape, whatever its kind. */
double shape_area(const struct Shape *s);
int canvas_visit(struct Shape *shapes, size_t n, visit_fn fn, void *data);
char *shape_label(const struct Shape *s, char *buffer, size_t size);

static inline int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#endif
