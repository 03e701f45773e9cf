def a():
    pass


def b():
    pass


x, y = a, b
x, y = y, x
x()
# flow-insensitive: after the swap x may be either
# expect: main.py -> main.py::a | main.py::b
