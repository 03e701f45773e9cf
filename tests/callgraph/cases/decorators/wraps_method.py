import functools


def logged(fn):
    @functools.wraps(fn)
    def inner(self, *args, **kwargs):
        self.log()
        return fn(self, *args, **kwargs)

    return inner


class Service:
    def log(self):
        pass

    @logged
    def run(self, x):
        pass


Service().run(1)
# expect: main.py::Service -> main.py::logged
# expect: main.py -> main.py::Service
# expect: main.py -> main.py::logged.inner
# expect: main.py::logged.inner -> main.py::Service.log
# expect: main.py::logged.inner -> main.py::Service.run
