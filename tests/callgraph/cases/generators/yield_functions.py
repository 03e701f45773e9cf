def a():
    pass


def b():
    pass


def gen():
    yield a
    yield b


for fn in gen():
    fn()
# expect: main.py -> main.py::gen
# expect: main.py -> main.py::a | main.py::b
