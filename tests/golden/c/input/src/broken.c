#include "shapes.h"

int fine(int a) { return a + 1; }

/* The body below does not parse: the definition is still found. */
int broken(int a)
{
    int x = a + ;
    return fine(x) ) ;
}

int after(void) { return fine(2) + broken(3); }
