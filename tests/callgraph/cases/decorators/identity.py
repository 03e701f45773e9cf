def register(fn):
    return fn


@register
def work():
    pass


work()
# expect: main.py -> main.py::register
# expect: main.py -> main.py::work
