def f1():
    pass


def f2():
    pass


def f3():
    pass


(a, (b, c)) = (f1, (f2, f3))
c()
b()
# expect: main.py -> main.py::f3
# expect: main.py -> main.py::f2
