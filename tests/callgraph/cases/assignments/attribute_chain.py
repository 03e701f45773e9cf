class Inner:
    def go(self):
        pass


class Middle:
    def __init__(self):
        self.inner = Inner()


class Outer:
    def __init__(self):
        self.middle = Middle()


Outer().middle.inner.go()
# expect: main.py -> main.py::Outer.__init__
# expect: main.py::Outer.__init__ -> main.py::Middle.__init__
# expect: main.py::Middle.__init__ -> main.py::Inner
# expect: main.py -> main.py::Inner.go
