def f1():
    pass


def f2():
    pass


def f3():
    pass


for name, fn in [("one", f1), ("two", f2)]:
    fn()
# expect: main.py -> main.py::f1 | main.py::f2
