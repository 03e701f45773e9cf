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


b = B()
b.func()
# no C is made: A.func's child is B's func2
# expect: main.py -> main.py::B.__init__
# expect: main.py -> main.py::A.func
# expect: main.py::A.func -> main.py::B.func2
