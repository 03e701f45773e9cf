#pragma once

namespace other {
int scale(int x);

class Counter {
public:
    int size() const { return 0; }
};
}  // namespace other
