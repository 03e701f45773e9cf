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


class Factory:
    def make(self, fn):
        return Box(fn)


factory = Factory()
first = factory.make(f1)
second = factory.make(f2)
second.run()
# known-weak: one factory makes both boxes at one site in its method, analysed once for its one receiver
# (one level of object sensitivity): the two boxes are one abstract box, whose fn is f1 or f2
# expect: main.py -> main.py::Factory
# expect: main.py -> main.py::Factory.make
# expect: main.py::Factory.make -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f2
