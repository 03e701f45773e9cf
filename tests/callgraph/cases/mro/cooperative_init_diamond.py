class Base:
    def __init__(self):
        pass


class A(Base):
    def __init__(self):
        super().__init__()


class B(Base):
    def __init__(self):
        super().__init__()


class C(A, B):
    def __init__(self):
        super().__init__()


C()
A()
# for a C, super() in A is B; for an A, it is Base
# expect: main.py -> main.py::C.__init__
# expect: main.py -> main.py::A.__init__
# expect: main.py::C.__init__ -> main.py::A.__init__
# expect: main.py::A.__init__ -> main.py::B.__init__ | main.py::Base.__init__
# expect: main.py::B.__init__ -> main.py::Base.__init__
