def f1():
    pass


def f2():
    pass


def f3():
    pass


handlers = {"a": f1, "b": f2}
key = "b"
handlers[key]()
# expect: main.py -> main.py::f2
