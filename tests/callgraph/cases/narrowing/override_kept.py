class Shape:
    def area(self):
        return 0


class Square(Shape):
    def area(self):
        return 4


class Label:
    def area(self):
        return "label"


def measure(item):
    if isinstance(item, Shape):
        return item.area()
    return None


measure(Square())
measure(Label())
# expect: main.py -> main.py::Square
# expect: main.py -> main.py::Label
# expect: main.py -> main.py::measure
# expect: main.py::measure -> main.py::Square.area
