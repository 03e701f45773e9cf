def a():
    pass


def b():
    pass


table = {"a": a, "b": b}
for fn in table.values():
    fn()
# expect: main.py -> main.py::a | main.py::b
