def name():
    return "x"


def tag(value):
    def deco(fn):
        return fn
    return deco


@tag(name())
def run():
    pass
# expect: main.py -> main.py::name
# expect: main.py -> main.py::tag
# expect: main.py -> main.py::tag.deco
