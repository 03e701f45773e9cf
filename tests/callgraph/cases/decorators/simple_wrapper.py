def deco(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@deco
def work():
    pass


work()
# the name work holds the wrapper: calling it calls wrapper, which calls the original
# expect: main.py -> main.py::deco
# expect: main.py -> main.py::deco.wrapper
# expect: main.py::deco.wrapper -> main.py::work
