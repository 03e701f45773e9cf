class AppError(Exception):
    def __init__(self):
        pass


def fail():
    raise AppError
# raising a class instantiates it
# expect: main.py::fail -> main.py::AppError.__init__
