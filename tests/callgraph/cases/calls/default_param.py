def target():
    pass


def call(fn=target):
    fn()


call()
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
