def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn

    def run(self):
        self.fn()


a = Box(fn=f1)
b = Box(fn=f2)
b.fn()
# known-weak: one abstract object per class and one analysis per function (context-insensitive): the
# instances (or calls) here are told apart only by where they are made (or called)
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::f2
