def f1():
    pass


def f2():
    pass


def f3():
    pass


class Builder:
    def with_fn(self, fn):
        self.fn = fn
        return self

    def run(self):
        self.fn()


b1 = Builder().with_fn(f1)
b2 = Builder().with_fn(f2)
b2.run()
# expect: main.py -> main.py::Builder
# expect: main.py -> main.py::Builder.with_fn
# expect: main.py -> main.py::Builder.run
# expect: main.py::Builder.run -> main.py::f2
