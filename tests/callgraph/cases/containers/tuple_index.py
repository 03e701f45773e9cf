def a():
    pass


def b():
    pass


pair = (a, b)
pair[0]()
# expect: main.py -> main.py::a
