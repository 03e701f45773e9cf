class Level:
    def __lt__(self, other):
        return True


low, mid, high = Level(), Level(), Level()
low < mid < high
# expect: main.py -> main.py::Level
# expect: main.py -> main.py::Level.__lt__
