def default(x):
    return x


def double(x):
    return 2 * x


def apply(fn, x):
    return fn(x)


class Holder:
    def __init__(self, fn):
        self.fn = fn

    def fire(self):
        return self.fn(1)


def main():
    apply(double, 2)
    return Holder(default)


main().fire()
# the project calls `apply` and `Holder`: their callers are known, and what they pass is all there is
# expect: main.py -> main.py::main
# expect: main.py -> main.py::Holder.fire
# expect: main.py::main -> main.py::apply
# expect: main.py::main -> main.py::Holder.__init__
# expect: main.py::apply -> main.py::double
# expect: main.py::Holder.fire -> main.py::default
