def target():
    pass


def call(*fns):
    for fn in fns:
        fn()


call(target)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
