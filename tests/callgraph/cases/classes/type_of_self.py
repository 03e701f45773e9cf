class A:
    def clone(self):
        return type(self)()

    def __init__(self):
        pass


A().clone()
# expect: main.py -> main.py::A.__init__
# expect: main.py -> main.py::A.clone
# expect: main.py::A.clone -> main.py::A.__init__
