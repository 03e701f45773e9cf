class AppError(Exception):
    def report(self):
        pass


class NotFound(AppError):
    def __init__(self, fn):
        self.fn = fn


def missing():
    pass


def lookup():
    raise NotFound(missing)


try:
    lookup()
except AppError as error:
    error.report()
    error.fn()
# the subclass raised inherits report; its field is read through the handler's name
# expect: main.py -> main.py::lookup
# expect: main.py::lookup -> main.py::NotFound.__init__
# expect: main.py -> main.py::AppError.report
# expect: main.py -> main.py::missing
