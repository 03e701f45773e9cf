def a():
    pass


for name, fn in zip(["a"], [a]):
    fn()
# flow-insensitive over zipped elements: fn may be a name or a; only a is a function
# expect: main.py -> main.py::a
