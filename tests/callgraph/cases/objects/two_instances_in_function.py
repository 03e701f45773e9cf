def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn

    def run(self):
        self.fn()


def main():
    first = Box(f1)
    second = Box(f2)
    first.run()


main()
# two instances of one class in one function; run is called on the first only
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::Box.__init__
# expect: main.py::main -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f1
