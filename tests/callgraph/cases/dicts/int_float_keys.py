def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {1: f1, 2: f2}
table[1.0]()
# 1 and 1.0 are the same key
# expect: main.py -> main.py::f1
