def f1():
    pass


def f2():
    pass


def f3():
    pass


x = a, b = f1, f2
b()
x[0]()
# expect: main.py -> main.py::f2
# expect: main.py -> main.py::f1
