import scopes
from scopes import Circle, make_counter
from scopes import shapes as sh
from scopes.legb import helper as legb_helper, Holder


def main() -> None:
    Circle(3.0).area()
    # ^ defined: scopes/shapes.py::Circle.__init__
    #           ^ defined: scopes/shapes.py::Circle.area
    scopes.Circle(1.0)
    #      ^ defined: scopes/shapes.py::Circle.__init__
    scopes.area_of([])
    #      ^ defined: scopes/shapes.py::area_of
    make_counter()()
    # ^ defined: scopes/legb.py::counter
    sh.Square(1.0).describe()
    #  ^ defined: scopes/shapes.py::Square.__init__
    #              ^ defined: scopes/shapes.py::Shape.describe
    legb_helper()
    # ^ defined: scopes/legb.py::helper
    Holder().use()
    # ^ defined: scopes/legb.py::Holder
    #        ^ defined: scopes/legb.py::Holder.use
    scopes.missing()
    #      ^ unresolved


def helper() -> None:
    pass


def same_name_elsewhere() -> None:
    helper()
    # ^ defined: scopes/client.py::helper
    legb_helper()
    # ^ defined: scopes/legb.py::helper
