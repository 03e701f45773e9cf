def f():
    return 1


def f():
    return 2


f()
# the second definition replaces the first
# expect: main.py -> main.py::f#2
