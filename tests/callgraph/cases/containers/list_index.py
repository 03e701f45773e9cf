def a():
    pass


def b():
    pass


fns = [a, b]
fns[1]()
# expect: main.py -> main.py::b
