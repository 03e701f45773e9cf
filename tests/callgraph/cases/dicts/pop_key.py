def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"a": f1, "b": f2}
table.pop("b")()
# expect: main.py -> main.py::f2
