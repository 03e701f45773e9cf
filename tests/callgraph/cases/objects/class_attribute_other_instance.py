def f1():
    pass


def f2():
    pass


def f3():
    pass


class Handler:
    action = f1


plain = Handler()
custom = Handler()
custom.action = f3
plain.action()
# an instance attribute set on one instance does not reach the other, which reads the class attribute
# expect: main.py -> main.py::Handler
# expect: main.py -> main.py::f1
