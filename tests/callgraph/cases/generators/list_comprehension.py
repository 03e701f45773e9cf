def a():
    pass


def b():
    pass


results = [f() for f in [a, b]]
# expect: main.py -> main.py::a | main.py::b
