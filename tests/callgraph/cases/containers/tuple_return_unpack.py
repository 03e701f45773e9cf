def a():
    pass


def b():
    pass


def make():
    return a, b


first, second = make()
second()
# expect: main.py -> main.py::make
# expect: main.py -> main.py::b
