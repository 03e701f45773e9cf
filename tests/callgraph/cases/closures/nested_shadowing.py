def target():
    pass


def other():
    pass


def outer():
    target = other

    def inner():
        target()
    inner()


outer()
# inner's target is outer's local, which holds other
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::outer.inner
# expect: main.py::outer.inner -> main.py::other
