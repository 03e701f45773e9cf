def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(callback):
    callback = f2
    callback()


run(f1)
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
