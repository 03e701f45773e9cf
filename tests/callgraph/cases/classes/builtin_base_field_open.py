def a():
    pass


class Registry(dict):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn


class Failure(OSError):
    def __init__(self, fn):
        self.fn = fn


Registry(a).fn()
Failure(a).fn()
# codeknit does not list what a dict has, so ``fn`` may come from it and the first call stays open; the
# built-in exceptions' members are known, and ``fn`` is none of them
# expect: main.py -> main.py::Registry.__init__
# expect: main.py -> main.py::Failure.__init__
# expect: main.py -> main.py::a | main.py::a
# expect: main.py -> main.py::a
# ``super().__init__()`` in Registry can only reach dict's: no project class follows Registry in any MRO
# expect-none: main.py::Registry.__init__ -> main.py::Failure.__init__
