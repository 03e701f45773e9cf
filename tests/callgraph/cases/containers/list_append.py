def a():
    pass


fns = []
fns.append(a)
for fn in fns:
    fn()
# expect: main.py -> main.py::a
