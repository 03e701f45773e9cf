def target():
    pass


def inner(fn=None):
    fn()


def outer(**kwargs):
    inner(**kwargs)


outer(fn=target)
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::inner
# expect: main.py::inner -> main.py::target
