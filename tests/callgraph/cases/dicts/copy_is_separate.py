def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"a": f1}
other = table.copy()
other["a"] = f2
table["a"]()
# expect: main.py -> main.py::f1
