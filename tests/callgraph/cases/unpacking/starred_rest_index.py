def f1():
    pass


def f2():
    pass


def f3():
    pass


first, *rest = [f1, f2, f3]
rest[0]()
# expect: main.py -> main.py::f2
