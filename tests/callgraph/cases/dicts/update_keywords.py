def f1():
    pass


def f2():
    pass


def f3():
    pass


d = {"a": f1}
d.update(b=f2)
d["b"]()
# expect: main.py -> main.py::f2
