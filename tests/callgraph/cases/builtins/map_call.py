def double(x):
    return x


list(map(double, [1, 2]))
# map calls double
# expect: main.py -> main.py::double
