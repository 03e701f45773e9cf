int twice(int x);

struct counter {
    int value;
    int (*step)(int);
};

int use_twice(void) {
    struct counter c = {0, twice};
    //     ^ defined: lib/user.c:3
    int (*util_max)(int, int) = 0;
    c.step(1);
    //^ defined: lib/user.c:5
    util_max(1, 2);
    // ^ unresolved: util_max
    return twice(3);
    //     ^ ambiguous: lib/extra.c:3, lib/extra2.c:1
}
