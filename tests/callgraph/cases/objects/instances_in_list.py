def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn


boxes = [Box(f1), Box(f2)]
boxes[0].fn()
# two boxes made at two sites, kept in a list: the first element is the first box
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::f1
