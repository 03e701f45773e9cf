def default(x):
    return x


def other(x):
    return -x


def make():
    return default


def run(cb):
    try:
        cb = make()
    except ValueError:
        pass
    return cb(1)


run(other)
# `make()` may raise before `cb` is rebound: the handler's path keeps the argument
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::make
# expect: main.py::run -> main.py::default | main.py::other
