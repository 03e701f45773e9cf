def add(a, b):
    return a + b


add(1, 2)
# ints: no dunder of the project is called
# expect: main.py -> main.py::add
