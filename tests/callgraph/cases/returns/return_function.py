def target():
    pass


def get():
    return target


get()()
# expect: main.py -> main.py::get
# expect: main.py -> main.py::target
