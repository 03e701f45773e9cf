def g():
    pass


def h():
    pass


def f():
    pass


def unused():
    pass


f.callback = g
unused.callback = h
f.callback()
# an attribute set on a function object is what a read of it gives, per function
# expect: main.py -> main.py::g
