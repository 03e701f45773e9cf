def target():
    pass


def outer(fn):
    def inner():
        fn()
    return inner


outer(target)()
# expect: main.py -> main.py::outer
# expect: main.py -> main.py::outer.inner
# expect: main.py::outer.inner -> main.py::target
