def f1():
    pass


def f2():
    pass


def f3():
    pass


table = {}
table["a"] = f1
table["b"] = f2
for fn in table.values():
    fn()
# expect: main.py -> main.py::f1 | main.py::f2
