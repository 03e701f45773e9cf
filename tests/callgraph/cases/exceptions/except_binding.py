class AppError(Exception):
    def describe(self):
        pass


def run():
    try:
        pass
    except AppError as error:
        error.describe()
# expect: main.py::run -> main.py::AppError.describe
