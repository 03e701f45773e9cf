def f1():
    pass


def f2():
    pass


def f3():
    pass


class Slot:
    pass


def store(obj, fn):
    obj.fn = fn


s1 = Slot()
s2 = Slot()
store(s1, f1)
store(s2, f2)
s1.fn()
# expect: main.py -> main.py::Slot
# expect: main.py -> main.py::store
# expect: main.py -> main.py::f1
