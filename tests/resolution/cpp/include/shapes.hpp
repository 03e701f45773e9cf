#pragma once
#include <string>
#include <vector>

namespace geo {

class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
    std::string describe() const;
    int id() const { return id_; }

protected:
    int id_ = 0;
};

class Circle : public Shape {
public:
    explicit Circle(double r);
    double area() const override;
    double radius() const;

private:
    double r_;
};

class Square : public Shape {
public:
    explicit Square(double side) : side_(side) {}
    double area() const override { return side_ * side_; }

private:
    double side_;
};

template <typename T>
class Registry {
public:
    void add(T item) { items_.push_back(item); }
    T first() const { return items_.front(); }
    int size() const { return static_cast<int>(items_.size()); }

private:
    std::vector<T> items_;
};

Circle make_circle(double r);

namespace detail {
int scale(int x);
}

}  // namespace geo
