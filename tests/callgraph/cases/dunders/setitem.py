class Table:
    def __setitem__(self, key, value):
        pass


t = Table()
t["x"] = 1
# expect: main.py -> main.py::Table
# expect: main.py -> main.py::Table.__setitem__
