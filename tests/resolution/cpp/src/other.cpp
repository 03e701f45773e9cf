#include "other.hpp"

namespace other {
int scale(int x) {
    return x + 1;
}
}  // namespace other
