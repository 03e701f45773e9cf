def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(items):
    p = f1
    for item in items:
        p = f2
    p()


run([])
# after the loop: f1 when it ran zero times, f2 otherwise
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1 | main.py::f2
