#include "shapes.h"
#include <math.h>
#include <stdio.h>
#include "missing.h"

int shape_count = 0;
static const double PI = 3.14159;
static int created, *last_created;

static double circle_area(const struct Shape *s);

/* Area of any shape. */
double shape_area(const struct Shape *s)
{
    if (s->kind == SHAPE_CIRCLE)
        return circle_area(s);
    return s->area(s);
}

static double circle_area(const struct Shape *s)
{
    double r = (double) s->origin.x;
    return PI * SQUARE(r) + sqrt(r);
}

int canvas_visit(struct Shape *shapes, size_t n, visit_fn fn, void *data)
{
    for (size_t i = 0; i < n && i < MAX_SHAPES; i++) {
        if (fn(clamp((int) i, 0, MAX_SHAPES), data))
            return 1;
    }
    return 0;
}

char *shape_label(const struct Shape *s, char *buffer, size_t size)
{
    snprintf(buffer, size, "%s", s->name);
    return buffer;
}
