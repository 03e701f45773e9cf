class A:
    def func(self):
        self.child()


class B(A):
    def __init__(self):
        self.child = self.func2

    def func2(self):
        pass


class C(A):
    def __init__(self):
        self.child = self.func2

    def func2(self):
        pass


B().func()
C().func()
# A.func runs for a B and for a C
# expect: main.py -> main.py::B.__init__
# expect: main.py -> main.py::C.__init__
# expect: main.py -> main.py::A.func
# expect: main.py::A.func -> main.py::B.func2 | main.py::C.func2
