class A:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        pass


A()
# expect: main.py -> main.py::A.__init__
# expect: main.py -> main.py::A.__new__
