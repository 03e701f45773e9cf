def f1():
    pass


def f2():
    pass


def f3():
    pass


a = b = f1
b = f2
a()
b()
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f2
