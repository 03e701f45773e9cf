from typing import Callable


def f1():
    pass


class Task:
    action: Callable

    def __init__(self, action):
        self.action = action


Task(f1).action()
# a class-level annotation alone makes no class attribute: what the instance was given is all a read
# finds, not "f1, or some other Callable"
# expect: main.py -> main.py::Task.__init__
# expect: main.py -> main.py::f1
