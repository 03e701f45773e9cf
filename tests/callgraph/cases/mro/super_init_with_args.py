class A:
    def __init__(self, cb):
        self.cb = cb

    def fire(self):
        self.cb()


class B(A):
    def __init__(self, cb):
        super().__init__(cb)


def handler():
    pass


B(handler).fire()
# expect: main.py -> main.py::B.__init__
# expect: main.py::B.__init__ -> main.py::A.__init__
# expect: main.py -> main.py::A.fire
# expect: main.py::A.fire -> main.py::handler
