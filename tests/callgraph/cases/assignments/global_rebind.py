def a():
    pass


def b():
    pass


handler = a


def install():
    global handler
    handler = b


def fire():
    handler()
# expect: main.py::fire -> main.py::a | main.py::b
