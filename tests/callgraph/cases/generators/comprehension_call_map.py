def double(x):
    return x


values = [double(v) for v in range(3)]
# expect: main.py -> main.py::double
