class Table:
    def __getitem__(self, key):
        return key


t = Table()
t["x"]
# expect: main.py -> main.py::Table
# expect: main.py -> main.py::Table.__getitem__
