def a():
    pass


def b():
    pass


ls = [a, b]
ls[1:][0]()
# a slice is a new list: its element 0 is not the list's element 0 (which one it is, the analysis does
# not count), so the call is a or b, never a alone
# expect: main.py -> main.py::a | main.py::b
