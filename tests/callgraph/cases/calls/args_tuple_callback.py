def a():
    pass


def call_first(*fns):
    fns[0]()


call_first(a)
# expect: main.py -> main.py::call_first
# expect: main.py::call_first -> main.py::a
