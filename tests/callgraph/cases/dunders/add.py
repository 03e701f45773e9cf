class Vec:
    def __add__(self, other):
        return Vec()


Vec() + Vec()
# expect: main.py -> main.py::Vec
# expect: main.py -> main.py::Vec.__add__
# expect: main.py::Vec.__add__ -> main.py::Vec
