def a():
    pass


table = {k: a for k in ["x", "y"]}
table["x"]()
# expect: main.py -> main.py::a
