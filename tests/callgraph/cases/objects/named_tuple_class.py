from typing import NamedTuple, Callable


def f1():
    pass


def f2():
    pass


class Handler(NamedTuple):
    name: str
    run: Callable


h = Handler("one", f1)
k = Handler(name="two", run=f2)
h.run()
# expect: main.py -> main.py::Handler
# expect: main.py -> main.py::f1
