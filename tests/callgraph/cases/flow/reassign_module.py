def f1():
    pass


def f2():
    pass


def f3():
    pass


p = f1
p = f2
p()
# expect: main.py -> main.py::f2
# expect-none: main.py -> main.py::f1
