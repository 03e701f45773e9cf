class Base:
    @classmethod
    def make(cls):
        return cls()

    def go(self):
        pass


class Child(Base):
    @classmethod
    def make(cls):
        return super().make()

    def go(self):
        pass


Child.make().go()
# expect: main.py -> main.py::Child.make
# expect: main.py::Child.make -> main.py::Base.make
# expect: main.py::Base.make -> main.py::Child
# expect: main.py -> main.py::Child.go
