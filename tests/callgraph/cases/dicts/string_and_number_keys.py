def a():
    pass


def b():
    pass


def c():
    pass


table = {1: a, "1": b, "-1": c}
table[1.0]()
flags = {True: b}
flags[1]()
table["-1"]()
# 1, 1.0 and True are one key; the strings "1" and "-1" are keys of their own
# expect: main.py -> main.py::a
# expect: main.py -> main.py::b
# expect: main.py -> main.py::c
