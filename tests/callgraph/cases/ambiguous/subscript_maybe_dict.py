class Table:
    def __getitem__(self, key):
        return key


def lookup(key):
    for source in [{}, Table()]:
        source[key]
# a plain dict answers one of the lookups itself
# expect: main.py::lookup -> main.py::Table
# expect: main.py::lookup -> main.py::Table.__getitem__ | main.py::Table.__getitem__
