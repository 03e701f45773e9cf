def default(x):
    return x


def other(x):
    return -x


def run(cb, items):
    for item in items:
        cb(item)
        cb = default


run(other, [1, 2])
# the first turn calls the argument, the next ones `default`
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::default | main.py::other
