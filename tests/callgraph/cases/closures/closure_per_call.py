def f1():
    pass


def f2():
    pass


def bind(fn):
    def call():
        fn()
    return call


c1 = bind(f1)
c2 = bind(f2)
c2()
# each call of bind makes its own closure: the one c2 holds captured f2
# known-weak: a nested function reads its enclosing function's names merged over every call of it (closures are not analysed per call), so call is given f1 | f2
# expect: main.py -> main.py::bind
# expect: main.py -> main.py::bind.call
# expect: main.py::bind.call -> main.py::f2
