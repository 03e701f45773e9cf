def default(x):
    return x


def other(x):
    return -x


def run(cb=None):
    if cb is None:
        cb = default
    return cb(1)


run(other)
# the project passes `other`: on the path that skips the `if`, `cb` keeps it
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::default | main.py::other
