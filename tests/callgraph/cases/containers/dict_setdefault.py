def a():
    pass


table = {}
table.setdefault("k", a)()
# expect: main.py -> main.py::a
