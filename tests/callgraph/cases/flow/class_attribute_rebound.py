def f1():
    pass


def f2():
    pass


def f3():
    pass


class A:
    handler = f1
    handler = f2


A.handler()
# expect: main.py -> main.py::f2
