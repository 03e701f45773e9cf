def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    p = f1
    if (p := f2):
        p()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
