def square(x):
    return x


def source():
    return [1]


total = sum(square(x) for x in source())
# expect: main.py -> main.py::source
# expect: main.py -> main.py::square
