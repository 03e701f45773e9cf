import functools


def bold(fn):
    @functools.wraps(fn)
    def wrap():
        return fn()
    return wrap


def italic(fn):
    @functools.wraps(fn)
    def wrap():
        return fn()
    return wrap


@bold
@italic
def text():
    pass


text()
# expect: main.py -> main.py::bold
# expect: main.py -> main.py::italic
# expect: main.py -> main.py::bold.wrap
# expect: main.py::bold.wrap -> main.py::italic.wrap
# expect: main.py::italic.wrap -> main.py::text
