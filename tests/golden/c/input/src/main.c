#include "../include/shapes.h"
#include "log.h"
#include <stdio.h>
#include <stdio.h>

static int count_visit(int index, void *data)
{
    int *total = data;
    *total += index;
    log_msg("visit");
    return 0;
}

int main(int argc, char **argv)
{
    struct Shape shapes[2];
    Point p = {1, 2};
    union Value v;
    int total = 0;
    enum Layer layer = LAYER_FRONT;
    shapes[0].origin = p;
    v.d = shape_area(&shapes[0]);
    canvas_visit(shapes, 2, count_visit, &total);
    report(total);
    printf("%d %s\n", argc, argv[0]);
    return 0;
}
