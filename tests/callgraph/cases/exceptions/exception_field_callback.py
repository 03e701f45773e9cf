def a():
    pass


class MyError(Exception):
    def __init__(self, fn):
        self.fn = fn


try:
    raise MyError(a)
except MyError as e:
    e.fn()
# expect: main.py -> main.py::MyError.__init__
# expect: main.py -> main.py::a
