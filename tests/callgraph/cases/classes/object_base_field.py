def a():
    pass


class A(object):
    def __init__(self, fn):
        self.fn = fn


A(a).fn()
# expect: main.py -> main.py::A.__init__
# expect: main.py -> main.py::a
