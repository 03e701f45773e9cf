class Retry:
    def __init__(self, times):
        self.times = times

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            for _ in range(self.times):
                return fn(*args, **kwargs)

        return wrapper


@Retry(times=3)
def fetch(url):
    pass


fetch("x")
# expect: main.py -> main.py::Retry.__init__
# expect: main.py -> main.py::Retry.__call__
# expect: main.py -> main.py::Retry.__call__.wrapper
# expect: main.py::Retry.__call__.wrapper -> main.py::fetch
