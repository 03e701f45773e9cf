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
c2.run()
# only c2's run is called
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f2
