class Money:
    def __radd__(self, other):
        return self


1 + Money()
# expect: main.py -> main.py::Money
# expect: main.py -> main.py::Money.__radd__
