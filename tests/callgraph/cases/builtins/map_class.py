class Point:
    def __init__(self, x):
        self.x = x


points = list(map(Point, [1, 2]))
# expect: main.py -> main.py::Point.__init__
