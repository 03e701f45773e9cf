class AppError(Exception):
    def __init__(self):
        pass


def run():
    try:
        pass
    except KeyError as error:
        raise AppError() from error
# expect: main.py::run -> main.py::AppError.__init__
