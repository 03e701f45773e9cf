def make():
    return 1


def pick(x):
    return make


for fn in map(pick, [1]):
    fn()
# expect: main.py -> main.py::pick
# expect: main.py -> main.py::make
