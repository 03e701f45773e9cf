class Pair:
    def __iter__(self):
        return iter((1, 2))


first, second = [Pair(), Pair()]
# unpacking the list iterates the list, not the instances in it: no __iter__ of Pair runs
# expect: main.py -> main.py::Pair
# expect-none: main.py -> main.py::Pair.__iter__
