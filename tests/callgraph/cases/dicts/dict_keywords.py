def f1():
    pass


def f2():
    pass


def f3():
    pass


d = dict(a=f1, b=f2)
d["b"]()
# expect: main.py -> main.py::f2
