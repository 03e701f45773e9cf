def f1():
    pass


def f2():
    pass


def f3():
    pass


*rest, last = [f1, f2, f3]
last()
# expect: main.py -> main.py::f3
