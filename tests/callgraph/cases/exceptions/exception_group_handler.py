class Retry(Exception):
    def __init__(self):
        pass


def attempt():
    raise Retry()


def run():
    try:
        attempt()
    except Retry as error:
        raise
# expect: main.py::attempt -> main.py::Retry.__init__
# expect: main.py::run -> main.py::attempt
