def a():
    pass


fns = []
fns.extend([a])
fns[0]()
# expect: main.py -> main.py::a
