def a():
    pass


def b():
    pass


def c():
    pass


joined = (c,) + (a, b)
joined[1]()
repeated = 2 * [b]
repeated[1]()
# a concatenation is a new list whose positions the analysis does not count: joined[1] is a or b or c,
# never b alone (the right tuple's element 1); a repetition holds its list's elements
# expect: main.py -> main.py::a | main.py::b | main.py::c
# expect: main.py -> main.py::b
