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
# known-weak: a key that arrives as a parameter is not a literal where the subscript is written: the
# analysis would need lookup analysed per call site with its literal arguments; today lookup returns
# every value of the table
# expect: main.py -> main.py::lookup
# expect: main.py -> main.py::f1
