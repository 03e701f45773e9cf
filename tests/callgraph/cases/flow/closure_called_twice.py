def f1():
    pass


def f2():
    pass


def f3():
    pass


def outer():
    fn = f1

    def inner():
        fn()

    inner()
    fn = f2
    inner()


outer()
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::outer.inner
# expect: main.py::outer.inner -> main.py::f1 | main.py::f2
