class Store:
    def __delitem__(self, key):
        self.evict(key)

    def evict(self, key):
        pass


s = Store()
del s["a"]
# expect: main.py -> main.py::Store
# expect: main.py -> main.py::Store.__delitem__
# expect: main.py::Store.__delitem__ -> main.py::Store.evict
