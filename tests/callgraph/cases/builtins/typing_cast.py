import typing as t
from typing import cast


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


def pick(flag):
    if flag:
        return Square()
    return Circle()


def measure(flag):
    square = t.cast(Square, pick(flag))
    square.side()
    square.area()
    circle = cast("Circle", Circle())
    circle.area()
    shape = cast(Shape, pick(flag))
    shape.area()
# cast() says what the value is, as an annotation does: an instance of the class named or of any project
# subclass (the overrides stay candidates), whatever the value was; a cast naming no class it can see (a string)
# is an outside call, and the local holds what the cast says, as a type checker reads it
# expect: main.py::measure -> main.py::pick
# expect: main.py::pick -> main.py::Square
# expect: main.py::pick -> main.py::Circle
# expect: main.py::measure -> main.py::Square.side
# expect: main.py::measure -> main.py::Square.area
# expect: main.py::measure -> main.py::Circle
# expect: main.py::measure -> main.py::Circle.area
# expect: main.py::measure -> main.py::Shape.area | main.py::Square.area | main.py::Circle.area
