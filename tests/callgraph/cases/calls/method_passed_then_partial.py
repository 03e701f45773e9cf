import functools


class Greeter:
    def greet(self, name, punct):
        pass


g = Greeter()
hello = functools.partial(g.greet, "bob")
hello("!")
# expect: main.py -> main.py::Greeter
# expect: main.py -> main.py::Greeter.greet
