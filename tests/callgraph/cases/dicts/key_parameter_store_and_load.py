def f1():
    pass


def f2():
    pass


def put(table, key, value):
    table[key] = value


def get(table, key):
    return table[key]


d = {}
put(d, "a", f1)
put(d, "b", f2)
get(d, "b")()
get(table=d, key="a")()
# put and get are analysed per call site: each stores or reads the slot its literal key names
# expect: main.py -> main.py::put
# expect: main.py -> main.py::get
# expect: main.py -> main.py::f2
# expect: main.py -> main.py::f1
