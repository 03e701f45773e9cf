def a():
    pass


def gen():
    yield a


g = gen()
for fn in g:
    fn()
# expect: main.py -> main.py::gen
# expect: main.py -> main.py::a
