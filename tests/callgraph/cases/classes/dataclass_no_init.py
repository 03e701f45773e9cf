import dataclasses


@dataclasses.dataclass
class Point:
    x: int

    def norm(self):
        pass


p = Point(1)
p.norm()
# the generated __init__ is not in the project: the edge goes to the class
# expect: main.py -> main.py::Point
# expect: main.py -> main.py::Point.norm
