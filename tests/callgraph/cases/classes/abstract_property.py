from abc import ABC, abstractmethod


class Shape(ABC):
    @property
    @abstractmethod
    def area(self):
        ...

    def report(self):
        return self.area


class Square(Shape):
    @property
    def area(self):
        return 1


Square().report()
# expect: main.py -> main.py::Square
# expect: main.py -> main.py::Shape.report
# expect: main.py::Shape.report -> main.py::Square.area
