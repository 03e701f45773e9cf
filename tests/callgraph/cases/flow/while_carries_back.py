def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(n):
    p = f1
    while n:
        p()
        p = f2
        n -= 1


run(2)
# the second iteration calls what the first bound
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1 | main.py::f2
