class A:
    def __init__(self):
        pass


A()
# expect: main.py -> main.py::A.__init__
