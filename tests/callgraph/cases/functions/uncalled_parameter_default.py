def default(x):
    return x


def run(cb=default):
    return cb(1)
# `run` is called from outside the project only: its callers may pass any callback, or none (the default)
# expect: main.py::run -> main.py::default |
