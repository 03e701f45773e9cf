def target():
    pass


def get():
    return target


f = get()
f()
f()
# expect: main.py -> main.py::get
# expect: main.py -> main.py::target
