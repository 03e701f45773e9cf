class AppError(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.log()

    def log(self):
        pass


class NotFound(AppError):
    def __init__(self, what):
        super().__init__(f"missing {what}")


def find():
    raise NotFound("x")


try:
    find()
except AppError as err:
    err.log()
# expect: main.py -> main.py::find
# expect: main.py::find -> main.py::NotFound.__init__
# expect: main.py::NotFound.__init__ -> main.py::AppError.__init__
# expect: main.py::AppError.__init__ -> main.py::AppError.log
# expect: main.py -> main.py::AppError.log
