def default():
    pass


def run(cb=None):
    cb = cb or default
    cb()
# expect: main.py::run -> main.py::default
