def target():
    pass


def identity(x):
    return x


identity(target)()
# expect: main.py -> main.py::identity
# expect: main.py -> main.py::target
