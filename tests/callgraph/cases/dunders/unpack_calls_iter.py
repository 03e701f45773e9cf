class Pair:
    def __iter__(self):
        yield 1
        yield 2


a, b = Pair()
# unpacking iterates
# expect: main.py -> main.py::Pair
# expect: main.py -> main.py::Pair.__iter__
