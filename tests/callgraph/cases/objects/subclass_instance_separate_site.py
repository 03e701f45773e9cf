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


class Special(Box):
    pass


plain = Box(f1)
special = Special(f2)
special.run()
# a subclass instance made at its own site: its field is its own, though __init__ and run are the base's
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f2
