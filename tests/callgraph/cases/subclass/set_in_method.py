class A:
    def fire(self):
        self.action()


class B(A):
    def setup(self):
        self.action = self.go

    def go(self):
        pass


b = B()
b.setup()
b.fire()
# expect: main.py -> main.py::B
# expect: main.py -> main.py::B.setup
# expect: main.py -> main.py::A.fire
# expect: main.py::A.fire -> main.py::B.go
