class Trace:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self):
        return self.fn()


@Trace
def work():
    pass


work()
# expect: main.py -> main.py::Trace.__init__
# expect: main.py -> main.py::Trace.__call__
# expect: main.py::Trace.__call__ -> main.py::work
