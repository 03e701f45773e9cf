def default(x):
    return x


def other(x):
    return -x


def run(cb, n):
    while n:
        n -= 1
        cb = default
    return cb(1)


run(other, 0)
# the loop may not run: after it, `cb` may still be the argument
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::default | main.py::other
