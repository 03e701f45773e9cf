def f1():
    pass


def f2():
    pass


def f3():
    pass


def run():
    for fn in (f1, f2):
        fn()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1 | main.py::f2
