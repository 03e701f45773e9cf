class Acc:
    def __add__(self, other):
        return self


a = Acc()
a += 1
# expect: main.py -> main.py::Acc
# expect: main.py -> main.py::Acc.__add__
