def target():
    pass


def outer():
    def inner():
        target()
    inner()


outer()
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::outer.inner
# expect: main.py::outer.inner -> main.py::target
