def f():
    pass


g = f
h = g
h()
# expect: main.py -> main.py::f
