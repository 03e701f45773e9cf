def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {1: f1, 0: f2}
table[True]()
table[False]()
# True and 1 are the same key, False and 0
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f2
