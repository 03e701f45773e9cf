def a():
    pass


table = {}
table["x"] = a
table["x"]()
# expect: main.py -> main.py::a
