class A:
    def __init__(self):
        pass


class B:
    def __init__(self):
        pass


for cls in [A, B]:
    cls()
# expect: main.py -> main.py::A.__init__ | main.py::B.__init__
