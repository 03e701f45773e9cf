def handler():
    pass


class Table:
    def __getitem__(self, key):
        return handler


Table()["x"]()
# expect: main.py -> main.py::Table
# expect: main.py -> main.py::Table.__getitem__
# expect: main.py -> main.py::handler
