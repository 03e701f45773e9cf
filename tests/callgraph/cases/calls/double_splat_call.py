def target():
    pass


def call(fn=None):
    fn()


options = {"fn": target}
call(**options)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
