class Base:
    def __init__(self, value):
        self.value = value


class Checked(Base):
    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, value):
        self._value = value


Base(1)
Checked(2)
# as with property(): the @value.setter runs for a Checked only, so the call is not certain
# expect: main.py -> main.py::Base.__init__
# expect: main.py::Base.__init__ -> main.py::Checked.value#2 |
