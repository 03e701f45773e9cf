class Defaults(dict):
    def __missing__(self, key):
        return make(key)


def make(key):
    return 0


d = Defaults()
d["x"]
# a missing key calls __missing__
# expect: main.py -> main.py::Defaults
# expect: main.py -> main.py::Defaults.__missing__
# expect: main.py::Defaults.__missing__ -> main.py::make
