import typing as t
from typing import TypeVar


class Shape:
    def area(self):
        pass


class Square(Shape):
    def area(self):
        pass

    def side(self):
        pass


class Circle(Shape):
    def area(self):
        pass


AnyShape = t.TypeVar("AnyShape", bound=Shape)
Exact = TypeVar("Exact", Square, Circle)
Quoted = TypeVar("Quoted", bound="Square")


def grow(shape: AnyShape) -> AnyShape:
    shape.area()
    return shape


def measure(exact: Exact, quoted: Quoted):
    exact.area()
    quoted.area()
# an annotation naming a type variable admits what its bound does (an instance of the bound or of any project
# subclass: the overrides stay candidates), or one of its constraints; a bound in a string names nothing the
# analysis reads (as a cast's string), so its calls stay open
# expect: main.py::grow -> main.py::Shape.area | main.py::Square.area | main.py::Circle.area
# expect: main.py::measure -> main.py::Square.area | main.py::Circle.area
# expect: main.py::measure -> main.py::Shape.area | main.py::Square.area | main.py::Circle.area
