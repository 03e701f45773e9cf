class Point:
    def __iter__(self):
        return iter((1, 2))


def total(points):
    out = 0
    for x, y in points:
        out += x + y
    return out


total([Point(), Point()])
# the loop iterates the list (no __iter__ of ours), and unpacking each element calls Point.__iter__
# expect: main.py -> main.py::total
# expect: main.py -> main.py::Point
# expect: main.py::total -> main.py::Point.__iter__
