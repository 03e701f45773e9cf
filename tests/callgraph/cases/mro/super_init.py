class A:
    def __init__(self):
        pass


class B(A):
    def __init__(self):
        super().__init__()


B()
# expect: main.py -> main.py::B.__init__
# expect: main.py::B.__init__ -> main.py::A.__init__
