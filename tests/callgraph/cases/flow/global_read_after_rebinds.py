def f1():
    pass


def f2():
    pass


def f3():
    pass


handler = f1
handler = f2


def fire():
    handler()


fire()
# no call runs while handler is f1
# expect: main.py -> main.py::fire
# expect: main.py::fire -> main.py::f2
