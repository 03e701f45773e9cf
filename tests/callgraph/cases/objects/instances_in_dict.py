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


registry = {"a": Box(f1), "b": Box(f2)}
registry["b"].run()
# instances as dict values under literal keys: "b" holds the second box only
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f2
