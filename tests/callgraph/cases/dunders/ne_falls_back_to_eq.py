class P:
    def __eq__(self, other):
        return True


P() != P()
# object.__ne__ inverts __eq__
# expect: main.py -> main.py::P
# expect: main.py -> main.py::P.__eq__
