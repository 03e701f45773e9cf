class Bag:
    def __contains__(self, item):
        return True


class Holder:
    def __init__(self):
        self.bag = Bag()

    def has(self, x):
        return x in self.bag


Holder().has(1)
# expect: main.py -> main.py::Holder.__init__
# expect: main.py::Holder.__init__ -> main.py::Bag
# expect: main.py -> main.py::Holder.has
# expect: main.py::Holder.has -> main.py::Bag.__contains__
