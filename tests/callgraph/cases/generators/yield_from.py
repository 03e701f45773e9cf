def a():
    pass


def inner():
    yield a


def outer():
    yield from inner()


for fn in outer():
    fn()
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::inner
# expect: main.py -> main.py::a
