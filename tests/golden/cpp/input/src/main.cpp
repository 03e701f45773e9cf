#include <iostream>
#include "geo/shape.hpp"
#include "geo/util.h"

using namespace geo;
using std::cout;

template <typename T>
T largest(const std::vector<T> &items)
{
    T best = items.front();
    for (const T &item : items) {
        if (item > best) best = item;
    }
    return best;
}

int geo::util::verbosity = 1;

int main()
{
    Circle c(Point{0, 0}, 2.0);
    Shape *shape = new Circle(Point{1, 1}, 1.0);
    Buffer<double> areas;
    areas.push(c.area());
    areas.push(shape->area());
    double d = util::clamp(distance(c.centre(), Point{3, 4}), 0.0, 10.0);
    cout << largest(std::vector<double>{d, 1.0}) << Shape::count() << std::endl;
    delete shape;
    return 0;
}
