def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(items):
    for item in items:
        p = f1
        if item:
            continue
        p = f2
        p()


run([1, 0])
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
