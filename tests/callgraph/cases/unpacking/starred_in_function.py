def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(fns):
    first, *others = fns
    first()


run([f3, f1])
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f3
