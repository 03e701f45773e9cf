def f1():
    pass


def f2():
    pass


def f3():
    pass


first = [f1]
second = [f2]
second[0]()
# expect: main.py -> main.py::f2
