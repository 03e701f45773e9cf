def f1():
    pass


def f2():
    pass


def f3():
    pass


def wrap(fn):
    return [fn]


a = wrap(f1)
b = wrap(f2)
b[0]()
# expect: main.py -> main.py::wrap
# expect: main.py -> main.py::f2
