def f1():
    pass


def f2():
    pass


def f3():
    pass


class Ctx:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


def run():
    p = f1
    with Ctx():
        p = f2
    p()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::Ctx
# expect: main.py::run -> main.py::Ctx.__enter__
# expect: main.py::run -> main.py::Ctx.__exit__
# expect: main.py::run -> main.py::f2
