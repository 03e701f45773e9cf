#include "geo/shape.hpp"

#include <cmath>

namespace geo {

int Shape::instances_ = 0;

Shape::Shape(std::string name) : name_(name) { ++instances_; }

Shape::~Shape() { --instances_; }

std::string Shape::name() const { return name_; }

bool Shape::operator==(const Shape &other) const { return name() == other.name(); }

int Shape::count() { return instances_; }

Circle::Circle(Point centre, double radius) : Shape("circle"), centre_(centre), radius_(radius) {}

double Circle::area() const
{
    return 3.14159 * detail::square(radius_);
}

double distance(const Point &a, const Point &b)
{
    return std::sqrt(detail::square(a.x - b.x) + detail::square(a.y - b.y));
}

}  // namespace geo

double geo::detail::square(double v) { return v * v; }

namespace {
int hidden() { return 7; }
}  // namespace

template <typename T, int N>
void geo::Buffer<T, N>::push(const T &value)
{
    items_[count_++] = value;
    hidden();
}
