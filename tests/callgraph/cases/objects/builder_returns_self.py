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
# known-weak: one abstract object per class and one analysis per function (context-insensitive): the
# instances (or calls) here are told apart only by where they are made (or called)
# expect: main.py -> main.py::Builder
# expect: main.py -> main.py::Builder.with_fn
# expect: main.py -> main.py::Builder.run
# expect: main.py::Builder.run -> main.py::f2
