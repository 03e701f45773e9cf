class A:
    def func(self):
        self.child()


class B(A):
    def __init__(self):
        self.child = self.func2

    def func2(self):
        pass


class D(B):
    def func2(self):
        pass


D().func()
# B.__init__ binds self.func2 for a D: D's override
# expect: main.py -> main.py::B.__init__
# expect: main.py -> main.py::A.func
# expect: main.py::A.func -> main.py::D.func2
