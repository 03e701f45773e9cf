import os


def a():
    pass


def pick(flag):
    return a if flag else os.getcwd


pick(1)()
# one target in the project, one outside: ambiguous, with the one candidate
# expect: main.py -> main.py::pick
# expect: main.py -> main.py::a | main.py::a
