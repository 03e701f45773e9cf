def a():
    pass


def b():
    pass


def c():
    pass


first, *rest = [a, b, c]
first()
# the part before the star takes the first element
# expect: main.py -> main.py::a
