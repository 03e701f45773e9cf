def a():
    pass


for i, fn in enumerate([a]):
    fn()
# expect: main.py -> main.py::a
