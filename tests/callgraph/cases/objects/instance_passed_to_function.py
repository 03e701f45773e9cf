def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn


def use(box):
    box.fn()


a = Box(f1)
b = Box(f2)
use(b)
# an instance passed to a function: the function is analysed for the box it is given
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::use
# expect: main.py::use -> main.py::f2
