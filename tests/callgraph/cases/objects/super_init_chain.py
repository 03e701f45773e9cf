def f1():
    pass


def f2():
    pass


def f3():
    pass


class Base:
    def __init__(self, fn):
        self.fn = fn


class Child(Base):
    def __init__(self, fn):
        super().__init__(fn)


a = Child(f1)
b = Child(f2)
a.fn()
# expect: main.py -> main.py::Child.__init__
# expect: main.py::Child.__init__ -> main.py::Base.__init__
# expect: main.py -> main.py::f1
