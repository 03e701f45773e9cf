def f1():
    pass


def f2():
    pass


def f3():
    pass


class Holder:
    def set(self, fn):
        self.fn = fn


h1 = Holder()
h1.set(f1)
h2 = Holder()
h2.set(f2)
h2.fn()
# expect: main.py -> main.py::Holder
# expect: main.py -> main.py::Holder.set
# expect: main.py -> main.py::f2
