def a():
    pass


def b():
    pass


table = {"a": a, "b": b}
table.get("a")()
# dict.get with a key: flow-insensitive over the values of the dict
# expect: main.py -> main.py::a | main.py::b
