class Base:
    def __init__(self, **kwargs):
        self.setup()

    def setup(self):
        pass


class Named(Base):
    def __init__(self, name, **kwargs):
        super().__init__(**kwargs)


class Aged(Base):
    def __init__(self, age, **kwargs):
        super().__init__(**kwargs)

    def setup(self):
        pass


class Person(Named, Aged):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)


Person(name="a", age=1)
# expect: main.py -> main.py::Person.__init__
# expect: main.py::Person.__init__ -> main.py::Named.__init__
# expect: main.py::Named.__init__ -> main.py::Aged.__init__
# expect: main.py::Aged.__init__ -> main.py::Base.__init__
# expect: main.py::Base.__init__ -> main.py::Aged.setup
