def a():
    pass


def b():
    pass


x, y = a, b
x, y = y, x
x()
# after the swap x is b (the analysis follows the flow of module code)
# expect: main.py -> main.py::b
