def a():
    pass


def gen():
    yield a


next(gen())()
# expect: main.py -> main.py::gen
# expect: main.py -> main.py::a
