def f1():
    pass


def f2():
    pass


def f3():
    pass


def ident(x):
    return x


a = ident(f1)
b = ident(f2)
b()
# known-weak: one abstract object per class and one analysis per function (context-insensitive): the
# instances (or calls) here are told apart only by where they are made (or called)
# expect: main.py -> main.py::ident
# expect: main.py -> main.py::f2
