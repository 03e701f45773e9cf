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


c1 = Box(f1)
c2 = Box(f2)
c2.fn()
# known-weak: Box.run is never called, but methods no call reaches are analysed with their class's summary
# instance (what every instance holds), so its self.fn() reports the fields of every box, ambiguous
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::f2
