def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(pair):
    left, right = pair
    right()


run((f1, f2))
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
