def a():
    pass


def b():
    pass


def outer():
    fn = a

    def set_b():
        nonlocal fn
        fn = b

    set_b()
    fn()
# expect: main.py::outer -> main.py::outer.set_b
# expect: main.py::outer -> main.py::a | main.py::b
