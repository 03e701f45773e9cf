def f1():
    pass


def f2():
    pass


def f3():
    pass


d = {}
d.update({"a": f1, "b": f2})
d["a"]()
# expect: main.py -> main.py::f1
