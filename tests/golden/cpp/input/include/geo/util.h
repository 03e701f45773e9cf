#pragma once

#define GEO_MIN(a, b) ((a) < (b) ? (a) : (b))

namespace geo::util {

union Bits {
    float real;
    unsigned int raw;
};

extern int verbosity;
const double kEpsilon = 1e-9;

template <typename T>
T clamp(T value, T low, T high) { return GEO_MIN(high, value < low ? low : value); }

}  // namespace geo::util
