def a():
    pass


table = {"k": a}
for key in table:
    table[key]()
# expect: main.py -> main.py::a
