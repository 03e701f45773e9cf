#include "tally.hpp"

using tally::step;
//           ^ defined: src/tally.cpp:9
//    ^ value: src/tally.cpp:7

namespace tally {

int step(int by) { return by + limit; }
//                             ^ value: include/tally.hpp:6

Tally::Tally(int start) : total_(start) {
//                        ^ write: include/tally.hpp::tally.Tally.total_
//                               ^ local: 12
    count = Tally::kStart;
    // ^ write: include/tally.hpp::tally.Tally.count
    //      ^ value: include/tally.hpp::tally.Tally
    //             ^ value: include/tally.hpp::tally.Tally.kStart
}

void Tally::add(int by) {
    this->total_ += by;
    //    ^ write: include/tally.hpp::tally.Tally.total_
    //              ^ local: 21
    count++;
    // ^ write: include/tally.hpp::tally.Tally.count
}

int Tally::sum(const std::vector<int>& values) {
//                                     ^ declares: parameter
    int acc = total_;
    //        ^ value: include/tally.hpp::tally.Tally.total_
    for (const auto& value : values) {
    //               ^ declares: variable
    //                       ^ local: 29
        acc += value;
    //  ^ local: 31
        //     ^ local: 33
    }
    int count = 0;
    for (int value : values) {
        count += value;
    //  ^ local: 40
        //       ^ local: 41
    }
    auto scaled = [acc, count](int factor) { return acc * factor + count; };
    //             ^ local: 31
    //                             ^ declares: parameter
    //                                              ^ local: 31
    //                                                    ^ local: 46
    //                                                             ^ local: 40
    int (*fn)(int) = step;
    //               ^ value: src/tally.cpp:9
    return scaled(this->count) + fn(limit);
    //     ^ local: 46
    //                  ^ value: include/tally.hpp::tally.Tally.count
    //                              ^ value: include/tally.hpp:6
}

}  // namespace tally

int use_tally(tally::Tally& t, int limit) {
//                   ^ defined: include/tally.hpp:10
//                                 ^ declares: parameter
    t.count = limit;
    // ^ write: include/tally.hpp::tally.Tally.count
    //        ^ local: 62
    {
        int limit = tally::limit;
        //                 ^ value: include/tally.hpp:6
        //   ^ declares: variable
        t.add(limit);
        //    ^ local: 69
    }
    return t.count + tally::Tally::kStart + limit;
    //                             ^ value: include/tally.hpp::tally.Tally.kStart
    //                      ^ value: include/tally.hpp::tally.Tally
    //               ^ value: src/tally.cpp:7
    //                                          ^ local: 62
}
