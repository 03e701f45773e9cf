/* A second definition of a global name in another program part: the linker would refuse both,
   so a call through the one global namespace is ambiguous. */
int twice(int x) {
    return x * 2;
}

static int local_only(void) {
    return twice(1);
    //     ^ defined: lib/extra.c:3
}
