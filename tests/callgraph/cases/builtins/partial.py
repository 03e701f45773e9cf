import functools


def greet(greeting, name):
    pass


hello = functools.partial(greet, "hello")
hello("x")
# expect: main.py -> main.py::greet
