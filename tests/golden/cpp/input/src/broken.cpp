#include "geo/shape.hpp"

namespace geo {

class Square : public Shape {
public:
    double area() const override { return side_ * side_ }
    double side_ = 1;
};

int broken(int a) { return a + ; }

}  // namespace geo
