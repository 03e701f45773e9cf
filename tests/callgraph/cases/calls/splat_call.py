def target():
    pass


def call(fn):
    fn()


args = [target]
call(*args)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
