class Shape:
    def __init__(self, a):
        self.a = a

    @classmethod
    def parse(cls, text):
        return cls.build(text)

    @classmethod
    def build(cls, a):
        return cls(a)

    def area(self):
        pass


class Square(Shape):
    def area(self):
        pass


Square.parse("1").area()
# expect: main.py -> main.py::Shape.parse
# expect: main.py::Shape.parse -> main.py::Shape.build
# expect: main.py::Shape.build -> main.py::Shape.__init__
# expect: main.py -> main.py::Square.area
