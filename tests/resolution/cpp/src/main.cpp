#include <iostream>
#include <memory>
#include "shapes.hpp"
#include "other.hpp"
#include "nowhere.hpp"

using namespace geo;
using other::Counter;

static double total(const Shape &shape) {
    //                    ^ defined: include/shapes.hpp::geo.Shape
    return shape.area();
    //           ^ defined: include/shapes.hpp::geo.Shape.area
}

int main() {
    Circle c = make_circle(2.0);
    // ^ defined: include/shapes.hpp::geo.Circle
    //         ^ defined: src/shapes.cpp::geo.make_circle
    c.radius();
    //^ defined: src/shapes.cpp::geo.Circle.radius
    c.describe();
    //^ defined: src/shapes.cpp::geo.Shape.describe
    Square sq(3.0);
    sq.area();
    // ^ defined: include/shapes.hpp::geo.Square.area
    // a call naming a class stays on the class: its implicit copy and move constructors are
    // candidates too, and arguments are not typed
    Circle *p = new Circle(1.0);
    //              ^ defined: include/shapes.hpp::geo.Circle
    Circle copied = Circle(c);
    //              ^ defined: include/shapes.hpp::geo.Circle
    p->area();
    // ^ defined: src/shapes.cpp::geo.Circle.area
    Registry<Circle> reg;
    // ^ defined: include/shapes.hpp::geo.Registry
    //       ^ defined: include/shapes.hpp::geo.Circle
    reg.add(c);
    //  ^ defined: include/shapes.hpp::geo.Registry.add
    Counter counter;
    counter.size();
    //      ^ defined: include/other.hpp::other.Counter.size
    other::scale(1);
    //     ^ defined: src/other.cpp::other.scale
    geo::detail::scale(1);
    //           ^ defined: src/shapes.cpp::geo.detail.scale
    total(sq);
    // ^ defined: src/main.cpp::total
    std::cout << total(*p) << std::endl;
    nowhere::thing();
    //       ^ unresolved: nowhere.thing
    scale(2);
    // ^ unresolved: scale
    delete p;
    return 0;
}

static int shadowing(int x) {
    int (*total)(int) = nullptr;
    return total(x);
    //     ^ unresolved: total
}

class Local : public Circle {
    //               ^ defined: include/shapes.hpp::geo.Circle
public:
    Local() : Circle(1.0) {}
    //        ^ defined: include/shapes.hpp::geo.Circle
    double area() const override { return Circle::area() + extra(); }
    //     ^ overrides: include/shapes.hpp::geo.Circle.area
    //                                             ^ defined: src/shapes.cpp::geo.Circle.area
    //                                                     ^ defined: src/main.cpp::Local.extra
    double extra() const { return id(); }
    //                            ^ defined: include/shapes.hpp::geo.Shape.id
};

static int unknown_receiver(Registry<Circle> *r, other::Counter *k, void *anything) {
    return r->size() + k->size() + static_cast<Local *>(anything)->extra();
    //        ^ defined: include/shapes.hpp::geo.Registry.size
    //                    ^ defined: include/other.hpp::other.Counter.size
}

static double owned_shapes() {
    auto made = make_circle(1.0);
    made.radius();
    //   ^ defined: src/shapes.cpp::geo.Circle.radius
    std::unique_ptr<Shape> owned = std::make_unique<Square>(2.0);
    owned->area();
    //     ^ defined: include/shapes.hpp::geo.Shape.area
    auto sq = std::make_unique<Square>(1.0);
    sq->area();
    //  ^ defined: include/shapes.hpp::geo.Square.area
    return sq->area() + owned->id();
    //                         ^ defined: include/shapes.hpp::geo.Shape.id
}
