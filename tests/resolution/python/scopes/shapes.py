import math
import os.path
from collections import OrderedDict as Ordered

__all__ = ["Circle", "area_of"]


class Shape:
    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return f"{self.area()}"
        #              ^ ambiguous: scopes/shapes.py::Shape.area, scopes/shapes.py::Circle.area, scopes/shapes.py::Square.area


class Circle(Shape):
#            ^ defined: scopes/shapes.py::Shape
    def __init__(self, radius: float) -> None:
        self.radius = radius

    def area(self) -> float:
        return math.pi * self.radius ** 2


class Square(Shape):
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        return self.side * self.side


def area_of(shapes: list[Shape]) -> dict[str, Shape]:
#                        ^ defined: scopes/shapes.py::Shape
#                                             ^ defined: scopes/shapes.py::Shape
    return {s.describe(): s for s in shapes}
    #         ^ defined: scopes/shapes.py::Shape.describe


def everything() -> None:
    shapes = [Circle(1.0), Square(2.0)]
    #         ^ defined: scopes/shapes.py::Circle.__init__
    #                      ^ defined: scopes/shapes.py::Square.__init__
    for shape in shapes:
        shape.area()
        #     ^ ambiguous: scopes/shapes.py::Circle.area, scopes/shapes.py::Square.area
        shape.describe()
        #     ^ defined: scopes/shapes.py::Shape.describe
    area_of(shapes)
    # ^ defined: scopes/shapes.py::area_of
    os.path.join("a", "b")
    #       ^ unresolved
    Ordered()
    # ^ unresolved
    math.sqrt(2)
    #    ^ unresolved
    Shape().describe()
    # ^ defined: scopes/shapes.py::Shape
    #       ^ defined: scopes/shapes.py::Shape.describe
