def fact(n):
    return n * fact(n - 1) if n else 1


fact(3)
# expect: main.py -> main.py::fact
# expect: main.py::fact -> main.py::fact
