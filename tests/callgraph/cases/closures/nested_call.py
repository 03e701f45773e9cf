def outer():
    def inner():
        pass
    inner()


outer()
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::outer.inner
