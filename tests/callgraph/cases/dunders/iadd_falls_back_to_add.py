class Money:
    def __add__(self, other):
        return Money()


m = Money()
m += Money()
# no __iadd__: += calls __add__
# expect: main.py -> main.py::Money
# expect: main.py -> main.py::Money.__add__
# expect: main.py::Money.__add__ -> main.py::Money
