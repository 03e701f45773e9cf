def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(items):
    p = f1
    calls = [p for p in items]
    p()
    return calls


run([f2])
# the comprehension's p is its own
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1
