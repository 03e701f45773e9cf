import functools


class A:
    def greet(self, name):
        pass


p = functools.partial(A().greet, "x")
p()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.greet
