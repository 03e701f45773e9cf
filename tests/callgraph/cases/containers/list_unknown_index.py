def a():
    pass


def b():
    pass


def run(i):
    fns = [a, b]
    fns[i]()
# expect: main.py::run -> main.py::a | main.py::b
