def a():
    pass


def b():
    pass


def run(flag):
    fn = a
    if flag:
        fn = b
    fn()
# expect: main.py::run -> main.py::a | main.py::b
