def f1():
    pass


def f2():
    pass


def worker():
    while True:
        job = yield
        job()


def echo():
    value = yield f2
    value()


g = worker()
next(g)
g.send(f1)
e = echo()
next(e)()
# a yield expression is what send() passes to the generator (nothing is sent to echo: its value()
# reaches no function); send() returns what the generator yields next
# expect: main.py -> main.py::worker
# expect: main.py::worker -> main.py::f1
# expect: main.py -> main.py::echo
# expect: main.py -> main.py::f2
