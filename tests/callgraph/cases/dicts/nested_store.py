def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"x": {}}
table["x"]["y"] = f3
table["x"]["y"]()
# expect: main.py -> main.py::f3
