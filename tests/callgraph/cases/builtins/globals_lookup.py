def handler():
    pass


globals()["handler"]()
# expect: main.py -> main.py::handler
# known-weak: globals()[literal] is not modelled
