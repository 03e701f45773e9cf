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
