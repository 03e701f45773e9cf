callbacks = []


def register(fn):
    callbacks.append(fn)


def a():
    pass


def b():
    pass


register(a)
register(b)


def fire():
    for cb in callbacks:
        cb()
# expect: main.py -> main.py::register
# expect: main.py::fire -> main.py::a | main.py::b
