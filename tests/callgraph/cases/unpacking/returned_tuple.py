def f1():
    pass


def f2():
    pass


def f3():
    pass


def pair():
    return f1, f2


a, b = pair()
b()
# expect: main.py -> main.py::pair
# expect: main.py -> main.py::f2
