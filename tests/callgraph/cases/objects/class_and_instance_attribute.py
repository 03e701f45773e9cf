def f1():
    pass


def f2():
    pass


def f3():
    pass


class Handler:
    fn = f1

    def __init__(self, fn=None):
        if fn is not None:
            self.fn = fn


plain = Handler()
custom = Handler(f2)
custom.fn()
# the instance attribute shadows the class one for custom; plain's is the class's
# expect: main.py -> main.py::Handler.__init__
# expect: main.py -> main.py::f1 | main.py::f2
