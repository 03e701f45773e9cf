def f1():
    pass


def f2():
    pass


def f3():
    pass


handler = f1


def fire():
    handler()


fire()
handler = f2
fire()
# fire runs once with each binding
# expect: main.py -> main.py::fire
# expect: main.py::fire -> main.py::f1 | main.py::f2
