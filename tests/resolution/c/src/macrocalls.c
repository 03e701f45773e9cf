/* A function-like macro's body is text to the grammar: the functions it calls are read from it. */
static int check_positive(int x) { return x > 0; }

struct holder { int (*check_positive)(int); };

#define CHECKED(fn, x) (check_positive(x) && fn(x) && "check_positive(x)"[0] && h.check_positive(x))
//                      ^ defined: src/macrocalls.c:2
//                                           ^ none
//                                                     ^ none
//                                                                            ^ none
#define NAMED(name) int name##_ok(int v) { return check_positive(v); } /* unused_call(v) */
//                                                ^ defined: src/macrocalls.c:2
//                                                                        ^ none
#define PASTED(name) check_ ## name(1)
//                   ^ none

static int odd(int v) { return v & 1; }

int both(int v) {
    struct holder h = { check_positive };
    return CHECKED(odd, v);
}
