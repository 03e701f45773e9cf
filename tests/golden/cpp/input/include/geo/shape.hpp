// Geometry primitives.
#pragma once

#include <string>
#include <vector>

#define GEO_VERSION 3

namespace geo {

/** A point on the plane. */
struct Point {
    double x = 0;
    double y = 0;
};

using PointList = std::vector<Point>;
typedef double (*Metric)(const Point &, const Point &);

enum class Color { Red, Green = 2 };
enum Unit { Millimetre, Inch };

/// Every shape has an area and a name.
class Shape {
public:
    explicit Shape(std::string name);
    virtual ~Shape();
    virtual double area() const = 0;
    virtual std::string name() const;
    bool operator==(const Shape &other) const;
    static int count();

protected:
    std::string name_;

private:
    static int instances_;
};

class Circle final : public Shape {
public:
    Circle(Point centre, double radius);
    double area() const override;
    Point centre() const { return centre_; }

private:
    Point centre_;
    double radius_;
};

template <typename T, int N = 4>
class Buffer {
public:
    void push(const T &value);
    T &at(int index) { return items_[index]; }
    int size() const { return count_; }

private:
    T items_[N];
    int count_ = 0;
};

double distance(const Point &a, const Point &b);

namespace detail {
inline namespace v2 {
double square(double v);
}
}  // namespace detail

}  // namespace geo
