def a():
    pass


def b():
    pass


def run(flag):
    (a if flag else b)()
# expect: main.py::run -> main.py::a | main.py::b
