def f1():
    pass


def f2():
    pass


def f3():
    pass


first, *rest = [f1, f2, f3]
for fn in rest:
    fn()
# the rest holds f2 and f3
# expect: main.py -> main.py::f2 | main.py::f3
