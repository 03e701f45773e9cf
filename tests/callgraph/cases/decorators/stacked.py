def first(fn):
    return fn


def second(fn):
    return fn


@first
@second
def work():
    pass


work()
# expect: main.py -> main.py::first
# expect: main.py -> main.py::second
# expect: main.py -> main.py::work
