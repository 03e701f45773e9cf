def helper():
    pass


def run(fn):
    return fn.__name__


run(helper)
# reading an attribute of a function calls nothing
# expect: main.py -> main.py::run
