def f1():
    pass


def f2():
    pass


def f3():
    pass


p = f1
p()
p = f2
p()
# each call site sees the binding before it
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f2
