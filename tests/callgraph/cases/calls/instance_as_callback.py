class Job:
    def __call__(self):
        pass


def run(task):
    task()


run(Job())
# expect: main.py -> main.py::Job
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::Job.__call__
