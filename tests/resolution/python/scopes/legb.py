from scopes import shapes
from scopes.shapes import Circle, area_of as total
from scopes.nothing import ghost
from .shapes import Square

value = 1


def helper() -> int:
    return value


def counter():
    count = 0

    def step() -> int:
        nonlocal count
        count += 1
        return helper()
        #      ^ defined: scopes/legb.py::helper
    return step


def shadow(helper):
    return helper()
    #      ^ unresolved


def local_def() -> None:
    def helper() -> int:
        return 2
    helper()
    # ^ defined: scopes/legb.py::local_def.helper


def rebinding() -> None:
    global value
    value = 2
    helper()
    # ^ defined: scopes/legb.py::helper


class Holder:
    helper = staticmethod(helper)
    #        ^ unresolved
    #                     ^ value: scopes/legb.py::helper

    def use(self) -> None:
        helper()
        # ^ defined: scopes/legb.py::helper
        self.helper()
        #    ^ defined: scopes/legb.py::helper


def comprehension() -> list[int]:
    return [helper() for _ in range(2)]
    #       ^ defined: scopes/legb.py::helper
    #                         ^ unresolved


def uses_imports() -> None:
    Circle(1.0).area()
    # ^ defined: scopes/shapes.py::Circle.__init__
    #           ^ defined: scopes/shapes.py::Circle.area
    total([])
    # ^ defined: scopes/shapes.py::area_of
    shapes.Square(1.0)
    #      ^ defined: scopes/shapes.py::Square.__init__
    Square(2.0).area()
    # ^ defined: scopes/shapes.py::Square.__init__
    #           ^ defined: scopes/shapes.py::Square.area
    ghost()
    # ^ unresolved
    counter()()
    # ^ defined: scopes/legb.py::counter


def lambdas() -> None:
    square = lambda x: helper() * x
    #                  ^ defined: scopes/legb.py::helper
    square(2)
    # ^ defined: scopes/legb.py::lambdas.<lambda1>
    (lambda: local_def())()
    #        ^ defined: scopes/legb.py::local_def
