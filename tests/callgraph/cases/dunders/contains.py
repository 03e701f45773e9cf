class Bag:
    def __contains__(self, item):
        return False


1 in Bag()
# expect: main.py -> main.py::Bag
# expect: main.py -> main.py::Bag.__contains__
