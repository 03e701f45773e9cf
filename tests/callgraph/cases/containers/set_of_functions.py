def a():
    pass


for fn in {a}:
    fn()
# expect: main.py -> main.py::a
