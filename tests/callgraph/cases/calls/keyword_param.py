def target():
    pass


def call(a=None, fn=None):
    fn()


call(fn=target)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
