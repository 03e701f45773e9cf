import random


def a():
    pass


def b():
    pass


fn = a if random.random() > 0.5 else b
fn()
# expect: main.py -> main.py::a | main.py::b
