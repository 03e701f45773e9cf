class Point:
    def __str__(self):
        return "p"


str(Point())
# expect: main.py -> main.py::Point
# expect: main.py -> main.py::Point.__str__
