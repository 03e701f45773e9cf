class Box:
    def __init__(self):
        self._v = 1

    @property
    def value(self):
        return self._v

    @value.setter
    def value(self, v):
        self._v = v

    @value.deleter
    def value(self):
        self.cleanup()

    def cleanup(self):
        pass


b = Box()
del b.value
# deleting the attribute calls the deleter, the third definition of value
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::Box.value#3
# expect: main.py::Box.value#3 -> main.py::Box.cleanup
