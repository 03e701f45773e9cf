def a():
    pass


def b():
    pass


def run_all(*fns):
    for fn in fns:
        fn()


run_all(a, b)
# expect: main.py -> main.py::run_all
# expect: main.py::run_all -> main.py::a | main.py::b
