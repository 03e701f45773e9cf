def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(items):
    p = f1
    for item in items:
        p = f2
        p(item)


run([1])
# inside the loop p is always f2
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2
