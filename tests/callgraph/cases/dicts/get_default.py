def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"a": f1}
table.get("missing", f2)()
table.get("a")()
# expect: main.py -> main.py::f2
# expect: main.py -> main.py::f1
