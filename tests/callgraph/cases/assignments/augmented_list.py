def a():
    pass


def b():
    pass


fns = [a]
fns += [b]
for fn in fns:
    fn()
# expect: main.py -> main.py::a | main.py::b
