def f():
    pass


a = b = f
a()
b()
# expect: main.py -> main.py::f
