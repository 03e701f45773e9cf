// A cast names the type of the value: a member of it is that type's member.
class Disc {
public:
    int radius = 1;
    int area() { return 3; }
};

int measure(void *x, const void *y) {
    int a = static_cast<Disc *>(x)->area();
    //      ^ none
    //                               ^ defined: src/casts.cpp:5
    int b = ((Disc *)x)->area();
    //                   ^ defined: src/casts.cpp:5
    int c = reinterpret_cast<Disc *>(x)->radius;
    //                                   ^ value: src/casts.cpp:4
    auto d = dynamic_cast<Disc *>((Disc *)y);
    return a + b + c + d->area();
    //                    ^ defined: src/casts.cpp:5
}

// A range for's variable: its written type, or (auto) an element of the container it goes over.
#include <memory>
#include <vector>

int total(std::vector<Disc> discs, const std::vector<Disc *> &pointers, std::vector<std::unique_ptr<Disc>> owned) {
    int t = 0;
    for (auto &d : discs) {
        t += d.area();
        //     ^ defined: src/casts.cpp:5
    }
    for (const auto *p : pointers) {
        t += p->area();
        //      ^ defined: src/casts.cpp:5
    }
    for (auto &u : owned) {
        t += u->radius;
        //      ^ value: src/casts.cpp:4
    }
    for (Disc &e : discs) {
        t += e.area();
        //     ^ defined: src/casts.cpp:5
    }
    return t;
}
