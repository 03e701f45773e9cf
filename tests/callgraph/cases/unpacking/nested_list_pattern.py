def f1():
    pass


def f2():
    pass


def f3():
    pass


[a, [b, c]] = [f1, [f2, f3]]
a()
# expect: main.py -> main.py::f1
