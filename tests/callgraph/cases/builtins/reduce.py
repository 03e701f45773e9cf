import functools


def combine(a, b):
    return a


functools.reduce(combine, [1, 2])
# expect: main.py -> main.py::combine
