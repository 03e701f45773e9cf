class Cache:
    def __getitem__(self, key):
        return 0

    def __delitem__(self, key):
        pass

    @property
    def size(self):
        return 0


c = Cache()
del c["k"], c.size
# deleting is no read: neither __getitem__ nor the getter runs (del c.size, with no deleter, raises)
# expect: main.py -> main.py::Cache
# expect: main.py -> main.py::Cache.__delitem__
