class Vec:
    def __neg__(self):
        return self

    def __abs__(self):
        return 0

    def __matmul__(self, other):
        return 0


v = Vec()
-v
abs(v)
v @ v
# expect: main.py -> main.py::Vec
# expect: main.py -> main.py::Vec.__neg__
# expect: main.py -> main.py::Vec.__abs__
# expect: main.py -> main.py::Vec.__matmul__
