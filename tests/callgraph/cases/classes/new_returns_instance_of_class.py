def f1():
    pass


class Single:
    _made = None

    def __new__(cls, fn):
        if cls._made is None:
            cls._made = super().__new__(cls)
        return cls._made

    def __init__(self, fn):
        self.fn = fn


class Special(Single):
    pass


Special(f1).fn()
# __new__ returns an instance of the class called (through super().__new__, kept on the class): that
# instance is what the call gives, and Single.__init__ runs on it
# expect: main.py -> main.py::Single.__new__
# expect: main.py -> main.py::Single.__init__
# expect: main.py -> main.py::f1
