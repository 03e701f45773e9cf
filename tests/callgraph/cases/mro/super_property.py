class Base:
    @property
    def name(self):
        return self.compute()

    def compute(self):
        return ""


class Child(Base):
    @property
    def name(self):
        return super().name


Child().name
# expect: main.py -> main.py::Child
# expect: main.py -> main.py::Child.name
# expect: main.py::Child.name -> main.py::Base.name
# expect: main.py::Base.name -> main.py::Base.compute
