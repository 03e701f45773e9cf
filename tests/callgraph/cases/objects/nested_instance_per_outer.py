def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn


class Outer:
    def __init__(self, fn):
        self.inner = Box(fn)


first = Outer(f1)
second = Outer(f2)
second.inner.fn()
# an instance made inside a constructor is one per outer instance (the constructor runs per receiver)
# expect: main.py -> main.py::Outer.__init__
# expect: main.py::Outer.__init__ -> main.py::Box.__init__
# expect: main.py -> main.py::f2
