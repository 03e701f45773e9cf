def f():
    return 1


def run():
    if (g := f):
        g()
# expect: main.py::run -> main.py::f
