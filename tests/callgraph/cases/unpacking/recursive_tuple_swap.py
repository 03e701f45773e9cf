def f1():
    pass


def f2():
    pass


def f3():
    pass


a, (b, c) = f1, (f2, f3)
a, (b, c) = c, (a, b)
a()
b()
c()
# expect: main.py -> main.py::f3
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f2
