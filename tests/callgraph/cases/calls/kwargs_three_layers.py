def target(a, b, *, cb):
    cb()


def middle(*args, **kwargs):
    return target(*args, **kwargs)


def outer(*args, **kwargs):
    return middle(*args, **kwargs)


def done():
    pass


outer(1, 2, cb=done)
# expect: main.py -> main.py::outer
# expect: main.py::outer -> main.py::middle
# expect: main.py::middle -> main.py::target
# expect: main.py::target -> main.py::done
