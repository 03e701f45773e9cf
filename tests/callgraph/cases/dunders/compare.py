class Version:
    def __lt__(self, other):
        return True


Version() < Version()
# expect: main.py -> main.py::Version
# expect: main.py -> main.py::Version.__lt__
