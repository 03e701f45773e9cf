def default():
    pass


def run(cb=None):
    cb = cb or default
    cb()
# `run` is called from outside the project only: `cb` may be any callback its callers pass
# expect: main.py::run -> main.py::default |
