def default(x):
    return x


def other(x):
    return -x


def run(cb=None):
    if not cb:
        cb = default
    return cb(1)


run(other)
# the path on which `cb` is truthy keeps the argument
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::default | main.py::other
