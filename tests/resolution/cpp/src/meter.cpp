#include "meter.hpp"

namespace gauge {
int Meter::add(int n) { return n; }
int Meter::add(int n, int m) { return n + m; }
int Meter::add(const char* label, int n, int m, ...) { return n; }
int Meter::scale(int n, int by) { return n * by; }
int Meter::scale(const char* unit) { return 0; }

int Meter::use(Meter& made) {
    int many = add("x", 1, 2, 3, 4) + made.add(1, 2);
    //         ^ defined: src/meter.cpp::gauge.Meter.add#3
    //                                     ^ ambiguous: src/meter.cpp::gauge.Meter.add#2, src/meter.cpp::gauge.Meter.add#3
    int one = add(1);
    //        ^ ambiguous: src/meter.cpp::gauge.Meter.add, src/meter.cpp::gauge.Meter.add#2, src/meter.cpp::gauge.Meter.add#3
    int scaled = scale(1, 3);
    //           ^ defined: src/meter.cpp::gauge.Meter.scale
    int doubled = twice(1) + twice(2, 3);
    //            ^ defined: include/meter.hpp::gauge.Meter.twice
    //                       ^ defined: include/meter.hpp::gauge.Meter.twice#2
    return many + one + scaled + doubled;
}
}  // namespace gauge
