def a():
    pass


def b():
    pass


table = {"a": a, "b": b}
table["b"]()
# expect: main.py -> main.py::b
