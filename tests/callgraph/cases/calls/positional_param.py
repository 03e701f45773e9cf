def target():
    pass


def call(fn):
    fn()


call(target)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
