def a():
    pass


def b():
    pass


def pick(flag):
    if flag:
        return a
    return b


pick(1)()
# expect: main.py -> main.py::pick
# expect: main.py -> main.py::a | main.py::b
