def f1():
    pass


def f2():
    pass


def f3():
    pass


base = {"a": f1, "b": f2}
d = {}
d.update(base)
d["b"]()
# expect: main.py -> main.py::f2
