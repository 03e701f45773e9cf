def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    a, b = f1, f2
    a, b = b, a
    b()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1
