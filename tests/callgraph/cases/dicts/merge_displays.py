def f1():
    pass


def f2():
    pass


def f3():
    pass


left = {"a": f1}
right = {"b": f2}
both = {**left, **right}
both["b"]()
both["a"]()
# expect: main.py -> main.py::f2
# expect: main.py -> main.py::f1
