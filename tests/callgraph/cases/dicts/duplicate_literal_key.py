def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"a": f1, "a": f2}
table["a"]()
# the later pair replaces the earlier
# expect: main.py -> main.py::f2
