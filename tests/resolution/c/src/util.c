#include "util.h"

static int helper(int x) {
    return x * 2;
}

int util_max(int a, int b) {
    return helper(a) > b ? a : b;
    //     ^ defined: src/util.c:3
}
