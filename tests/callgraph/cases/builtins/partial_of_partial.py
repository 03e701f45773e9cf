import functools


def add(a, b, c):
    pass


p = functools.partial(functools.partial(add, 1), 2)
p(3)
# expect: main.py -> main.py::add
