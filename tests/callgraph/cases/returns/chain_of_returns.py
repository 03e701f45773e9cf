def target():
    pass


def one():
    return target


def two():
    return one()


two()()
# expect: main.py -> main.py::two
# expect: main.py::two -> main.py::one
# expect: main.py -> main.py::target
