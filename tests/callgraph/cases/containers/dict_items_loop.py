def a():
    pass


table = {"a": a}
for name, fn in table.items():
    fn()
# expect: main.py -> main.py::a
