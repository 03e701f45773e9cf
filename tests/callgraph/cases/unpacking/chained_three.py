def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    x = y = z = f3
    y()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f3
