def cached(fn=None, *, size=10):
    def decorate(f):
        def wrapper(*args):
            return f(*args)
        return wrapper
    if fn is not None:
        return decorate(fn)
    return decorate


@cached
def a():
    pass


@cached(size=5)
def b():
    pass


a()
b()
# expect: main.py -> main.py::cached
# expect: main.py -> main.py::cached.decorate
# expect: main.py::cached -> main.py::cached.decorate
# expect: main.py -> main.py::cached.decorate.wrapper
# expect: main.py::cached.decorate.wrapper -> main.py::a | main.py::b
# known-weak: which function cached returns depends on fn is None, which the analysis does not split on: the second decorator site gets both
