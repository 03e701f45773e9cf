def f1():
    pass


def f2():
    pass


def f3():
    pass


base = {"a": f1}
more = {**base, "c": f3}
more["c"]()
more["a"]()
# expect: main.py -> main.py::f3
# expect: main.py -> main.py::f1
