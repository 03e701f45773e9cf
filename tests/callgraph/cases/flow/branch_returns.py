def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(flag):
    p = f1
    if flag:
        p = f2
        return
    p()


run(False)
# the path that rebinds p returns before the call
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1
