class Base:
    def __init__(self, value):
        self.value = value


class Checked(Base):
    def _get(self):
        return self._value

    def _set(self, value):
        self._value = value

    value = property(_get, _set)


Base(1)
Checked(2)
# the assignment runs the setter for a Checked, and sets a plain attribute for a Base: the setter call is not certain
# expect: main.py -> main.py::Base.__init__
# expect: main.py::Base.__init__ -> main.py::Checked._set |
