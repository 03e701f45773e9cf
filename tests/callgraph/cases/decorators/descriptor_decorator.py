class cached:
    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, owner):
        if obj is None:
            return self
        return self.fn(obj)


class Order:
    @cached
    def total(self):
        return self.compute()

    def compute(self):
        return 0


Order().total
# the decorator makes total a descriptor: reading it calls __get__, which calls the method
# expect: main.py::Order -> main.py::cached.__init__
# expect: main.py -> main.py::Order
# expect: main.py -> main.py::cached.__get__
# expect: main.py::cached.__get__ -> main.py::Order.total
# expect: main.py::Order.total -> main.py::Order.compute
