def f1():
    pass


def f2():
    pass


def f3():
    pass


class A:
    def run(self):
        self.strategy()


class B(A):
    strategy = f1


class C(A):
    strategy = f2


B().run()
# expect: main.py -> main.py::B
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::f1
