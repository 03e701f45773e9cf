class AppError(Exception):
    def __init__(self, code):
        self.code = code

    def report(self):
        pass


try:
    raise AppError(1)
except AppError as error:
    error.report()
# expect: main.py -> main.py::AppError.__init__
# expect: main.py -> main.py::AppError.report
