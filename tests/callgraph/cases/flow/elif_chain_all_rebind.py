def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(n):
    p = f1
    if n == 1:
        p = f2
    elif n == 2:
        p = f3
    else:
        p = f2
    p()


run(1)
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2 | main.py::f3
