/* An old-style (K&R) definition: its parameters are named alone, and typed by the declarations before its
   body. A global of the same name elsewhere is not what the body reads. */
int state;
unsigned len;

static int load(state, len)
//              ^ declares: parameter
//                     ^ none
    int *state;
    unsigned len;
{
    return *state + (int)len;
    //      ^ local: 9
    //                   ^ local: 10
}

int reads_the_global(void) {
    return state;
    //     ^ value: src/oldstyle.c:3
}
