class Handler:
    def __call__(self):
        pass


h = Handler()
h()
# expect: main.py -> main.py::Handler
# expect: main.py -> main.py::Handler.__call__
