class A:
    @property
    def size(self):
        return 1


class B:
    def __init__(self):
        self.size = 2


def measure(flag):
    item = A() if flag else B()
    return item.size
# only an A runs a getter: the call is not certain
# expect: main.py::measure -> main.py::A
# expect: main.py::measure -> main.py::B.__init__
# expect: main.py::measure -> main.py::A.size | main.py::A.size
