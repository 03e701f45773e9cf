import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2

    def describe(self):
        pass


Color.RED.describe()
# an enum member is an instance of its enum
# expect: main.py -> main.py::Color.describe
