class Jobs:
    def __iter__(self):
        return iter(())

    def start(self):
        pass


def run():
    yield from [Jobs()]


for jobs in run():
    jobs.start()
# yield from iterates the list: the instance in it is yielded as it is, and its __iter__ is not called
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::Jobs
# expect: main.py -> main.py::Jobs.start
# expect-none: main.py::run -> main.py::Jobs.__iter__
