HANDLERS = {}


def handler(name):
    def deco(fn):
        HANDLERS[name] = fn
        return fn
    return deco


@handler("a")
def on_a():
    pass


HANDLERS["a"]()
# expect: main.py -> main.py::handler
# expect: main.py -> main.py::handler.deco
# expect: main.py -> main.py::on_a
