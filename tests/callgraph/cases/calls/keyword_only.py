def target():
    pass


def call(*, fn):
    fn()


call(fn=target)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
