def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn=f3):
        self.fn = fn


def pick(x, fn=f1):
    return fn


default = Box()
given = Box(f2)
default.fn()
pick(0)()
# default values reach each context of the function: the box made without an argument holds f3
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::pick
# expect: main.py -> main.py::f3
# expect: main.py -> main.py::f1
