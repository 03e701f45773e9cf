def make():
    return lambda: 1


make()()
# expect: main.py -> main.py::make
# expect: main.py -> main.py::make.<lambda1>
