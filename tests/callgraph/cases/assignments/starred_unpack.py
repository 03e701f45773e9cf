def a():
    pass


def b():
    pass


def c():
    pass


first, *rest = [a, b, c]
first()
# flow-insensitive over the elements of a starred unpack: first may be any element
# expect: main.py -> main.py::a | main.py::b | main.py::c
