def target():
    pass


def never_called():
    target()
# edges of a function nobody calls are still edges of the program
# expect: main.py::never_called -> main.py::target
