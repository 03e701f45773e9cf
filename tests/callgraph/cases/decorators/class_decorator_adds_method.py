def greet(self):
    self.name()


def with_greet(cls):
    cls.greet = greet
    return cls


@with_greet
class Person:
    def name(self):
        pass


Person().greet()
# expect: main.py -> main.py::with_greet
# expect: main.py -> main.py::Person
# expect: main.py -> main.py::greet
# expect: main.py::greet -> main.py::Person.name
