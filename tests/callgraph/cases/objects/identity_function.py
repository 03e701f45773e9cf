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
# expect: main.py -> main.py::ident
# expect: main.py -> main.py::f2
