def a():
    pass


def b():
    pass


x, y = a, b
y()
# expect: main.py -> main.py::b
