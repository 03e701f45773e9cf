class Lazy:
    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, owner):
        return self.fn(obj)


def compute(obj):
    return 1


class Model:
    size = Lazy(compute)


Model().size
# reading a descriptor attribute calls its __get__
# expect: main.py::Model -> main.py::Lazy.__init__
# expect: main.py -> main.py::Model
# expect: main.py -> main.py::Lazy.__get__
# expect: main.py::Lazy.__get__ -> main.py::compute
