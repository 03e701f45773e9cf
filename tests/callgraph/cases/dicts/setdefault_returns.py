def f1():
    pass


def f2():
    pass


def f3():
    pass


d = {}
d.setdefault("a", f1)()
d.setdefault("b", f2)
d["a"]()
# expect: main.py -> main.py::f1
