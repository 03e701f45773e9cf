def task():
    pass


def _run(fn):
    fn()


class Runner:
    run = staticmethod(_run)


Runner().run(task)
# staticmethod(...) in a class body: the instance is not passed, so fn is the task
# expect: main.py -> main.py::Runner
# expect: main.py -> main.py::_run
# expect: main.py::_run -> main.py::task
