def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    a = f1
    b = f2
    a, b = b, a
    a()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
