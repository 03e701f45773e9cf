def helper():
    pass


class A:
    def __init__(self, cb):
        self.cb = cb

    def fire(self):
        self.cb()


A(helper).fire()
# expect: main.py -> main.py::A.__init__
# expect: main.py -> main.py::A.fire
# expect: main.py::A.fire -> main.py::helper
