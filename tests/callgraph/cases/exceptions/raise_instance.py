class AppError(Exception):
    def __init__(self, message):
        super().__init__(message)


def fail():
    raise AppError("x")


fail()
# expect: main.py -> main.py::fail
# expect: main.py::fail -> main.py::AppError.__init__
