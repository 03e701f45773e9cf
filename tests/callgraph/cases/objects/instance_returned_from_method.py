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


first = Factory().make(f1)
second = Factory().make(f2)
second.run()
# a method returns a new instance; two factories, one box each (the method is analysed per receiver)
# expect: main.py -> main.py::Factory
# expect: main.py -> main.py::Factory.make
# expect: main.py::Factory.make -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f2
