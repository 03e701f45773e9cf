#ifndef SHAPE_H
#define SHAPE_H

#define SQUARE(x) ((x) * (x))

typedef struct shape Shape;

struct shape_ops {
    int (*area)(const Shape *s);
    void (*draw)(const Shape *s);
};

struct shape {
    const struct shape_ops *ops;
    int size;
};

enum color { RED, GREEN };

typedef int (*measure_fn)(const Shape *s);

Shape *shape_new(int size);
int shape_area(const Shape *s);
int count_shapes(void);

#endif
