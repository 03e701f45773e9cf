def counted(fn):
    def wrapper(*args):
        wrapper.calls += 1
        return fn(*args)
    wrapper.calls = 0
    return wrapper


@counted
def work():
    pass


work()
# expect: main.py -> main.py::counted
# expect: main.py -> main.py::counted.wrapper
# expect: main.py::counted.wrapper -> main.py::work
