from functools import partial


def greet(name):
    pass


partial(greet, "x")()
# expect: main.py -> main.py::greet
