from typing import Callable


def f1():
    pass


class Plain:
    action: Callable


class Failure(Exception):
    action: Callable


p = Plain()
e = Failure(f1)
# neither class generates an __init__ from its fields: f1 is the exception's message, not its action
e.action()
# expect: main.py -> main.py::Plain
# expect: main.py -> main.py::Failure
