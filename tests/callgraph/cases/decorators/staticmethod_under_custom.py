def logged(fn):
    def inner(*args):
        return fn(*args)
    return inner


def job():
    pass


class Scheduler:
    @staticmethod
    @logged
    def start(callback):
        callback()


Scheduler().start(job)
# staticmethod wraps inner: no receiver is passed, so callback is job
# expect: main.py::Scheduler -> main.py::logged
# expect: main.py -> main.py::logged.inner
# expect: main.py::logged.inner -> main.py::Scheduler.start
# expect: main.py -> main.py::Scheduler
# expect: main.py::Scheduler.start -> main.py::job
