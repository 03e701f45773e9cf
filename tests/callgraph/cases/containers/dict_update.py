def a():
    pass


table = {}
table.update({"k": a})
for fn in table.values():
    fn()
# expect: main.py -> main.py::a
