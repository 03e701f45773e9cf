class A:
    def func(self):
        self.child()


class B(A):
    def __init__(self):
        self.child = self.func2

    def func2(self):
        pass


def build():
    return B()


build().func()
# expect: main.py -> main.py::build
# expect: main.py::build -> main.py::B.__init__
# expect: main.py -> main.py::A.func
# expect: main.py::A.func -> main.py::B.func2
