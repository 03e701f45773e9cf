def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(items):
    p = f1
    for item in items:
        if item:
            p = f2
            break
    p()


run([0, 1])
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1 | main.py::f2
