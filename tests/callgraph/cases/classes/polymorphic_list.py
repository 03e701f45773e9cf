class Circle:
    def area(self):
        pass


class Square:
    def area(self):
        pass


for shape in [Circle(), Square()]:
    shape.area()
# expect: main.py -> main.py::Circle
# expect: main.py -> main.py::Square
# expect: main.py -> main.py::Circle.area | main.py::Square.area
