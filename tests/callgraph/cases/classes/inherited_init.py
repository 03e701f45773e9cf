class A:
    def __init__(self):
        pass


class B(A):
    pass


B()
# expect: main.py -> main.py::A.__init__
