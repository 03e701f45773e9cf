import functools


@functools.lru_cache(maxsize=None)
def work():
    pass


work()
# an external decorator is assumed to return a callable that calls the function
# expect: main.py -> main.py::work
