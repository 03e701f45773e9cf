def f1():
    pass


def f2():
    pass


def f3():
    pass


def lookup(table, key):
    return table[key]


handlers = {"a": f1, "b": f2}
lookup(handlers, "a")()
# a key that arrives as a parameter is the literal the call site passes: lookup is analysed per call
# site, and in the context of this one its key is "a"
# expect: main.py -> main.py::lookup
# expect: main.py -> main.py::f1
