def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {"x": {"y": f1, "z": f2}}
table["x"]["z"]()
# expect: main.py -> main.py::f2
