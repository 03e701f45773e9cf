def even(n):
    return n == 0 or odd(n - 1)


def odd(n):
    return n != 0 and even(n - 1)


even(4)
# expect: main.py -> main.py::even
# expect: main.py::even -> main.py::odd
# expect: main.py::odd -> main.py::even
