def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    handlers = [f1]
    handlers = [f2]
    handlers += [f3]
    for h in handlers:
        h()


run()
# the first list is gone before the loop
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2 | main.py::f3
