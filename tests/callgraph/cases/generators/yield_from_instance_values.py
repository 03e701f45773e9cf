def job():
    pass


class Jobs:
    def __iter__(self):
        yield job


def run():
    yield from Jobs()


for task in run():
    task()
# yield from calls Jobs.__iter__, and what it yields is what run yields
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::Jobs
# expect: main.py::run -> main.py::Jobs.__iter__
# expect: main.py -> main.py::job
