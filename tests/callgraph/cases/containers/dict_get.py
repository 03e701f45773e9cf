def a():
    pass


def b():
    pass


table = {"a": a, "b": b}
table.get("a")()
# dict.get with a literal key: the value stored under it
# expect: main.py -> main.py::a


def run(name):
    table.get(name)()
# a key that is not a literal: every value
# expect: main.py::run -> main.py::a | main.py::b
