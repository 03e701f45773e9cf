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
# known-weak: one abstract object per class and one analysis per function (context-insensitive): the
# instances (or calls) here are told apart only by where they are made (or called)
# expect: main.py -> main.py::wrap
# expect: main.py -> main.py::f2
