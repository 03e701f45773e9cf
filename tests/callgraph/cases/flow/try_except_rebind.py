def f1():
    pass


def f2():
    pass


def f3():
    pass


def risky():
    return 1


try:
    handler = f1
    risky()
except ValueError:
    handler = f2
handler()
# expect: main.py -> main.py::risky
# expect: main.py -> main.py::f1 | main.py::f2
