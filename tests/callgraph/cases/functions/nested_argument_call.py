def inner():
    return 1


def outer(x):
    return x


outer(inner())
# expect: main.py -> main.py::outer
# expect: main.py -> main.py::inner
