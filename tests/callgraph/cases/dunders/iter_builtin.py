class Bag:
    def __iter__(self):
        return iter([])


iter(Bag())
# expect: main.py -> main.py::Bag
# expect: main.py -> main.py::Bag.__iter__
