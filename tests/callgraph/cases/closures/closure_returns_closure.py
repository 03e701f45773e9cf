def target():
    pass


def outer():
    def middle():
        def inner():
            target()
        return inner
    return middle


outer()()()
# expect: main.py -> main.py::outer
# expect: main.py -> main.py::outer.middle
# expect: main.py -> main.py::outer.middle.inner
# expect: main.py::outer.middle.inner -> main.py::target
