import functools


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@deco
def work():
    pass


work()
# expect: main.py -> main.py::deco
# expect: main.py -> main.py::deco.wrapper
# expect: main.py::deco.wrapper -> main.py::work
