# a global table looked up by a parameter: the per-site context knows the key; the merged analysis, which no call reaches, is no record
def f1():
    pass


def f2():
    pass


handlers = {"a": f1, "b": f2}


def lookup(key):
    handlers[key]()


lookup("a")
# expect: main.py -> main.py::lookup
# expect: main.py::lookup -> main.py::f1
