class A:
    @classmethod
    def make(cls):
        pass


class B(A):
    @classmethod
    def make(cls):
        super().make()


B.make()
# expect: main.py -> main.py::B.make
# expect: main.py::B.make -> main.py::A.make
