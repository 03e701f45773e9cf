def target():
    pass


def get():
    return target


fn = get()
fn()
# expect: main.py -> main.py::get
# expect: main.py -> main.py::target
