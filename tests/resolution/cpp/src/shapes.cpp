#include "shapes.hpp"

namespace geo {

Circle::Circle(double r) : r_(r) {}

double Circle::area() const {
    return 3.14 * radius() * radius();
    //            ^ defined: src/shapes.cpp::geo.Circle.radius
}

double Circle::radius() const {
    return r_;
}

std::string Shape::describe() const {
    return std::to_string(area()) + std::to_string(id());
    //          ^ unresolved: std.to_string
    //                    ^ defined: include/shapes.hpp::geo.Shape.area
    //                                             ^ defined: include/shapes.hpp::geo.Shape.id
}

Circle make_circle(double r) {
//^ defined: include/shapes.hpp::geo.Circle
    return Circle(detail::scale(static_cast<int>(r)));
    //     ^ defined: include/shapes.hpp::geo.Circle
    //                    ^ defined: src/shapes.cpp::geo.detail.scale
}

namespace detail {
int scale(int x) {
    return x * 2;
}
}  // namespace detail

}  // namespace geo
