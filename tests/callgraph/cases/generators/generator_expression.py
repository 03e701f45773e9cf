def a():
    pass


fns = (f for f in [a])
for fn in fns:
    fn()
# expect: main.py -> main.py::a
