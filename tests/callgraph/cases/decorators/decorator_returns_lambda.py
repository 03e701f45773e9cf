def twice(fn):
    return lambda *a: (fn(*a), fn(*a))


@twice
def beep():
    pass


beep()
# expect: main.py -> main.py::twice
# expect: main.py -> main.py::twice.<lambda1>
# expect: main.py::twice.<lambda1> -> main.py::beep
