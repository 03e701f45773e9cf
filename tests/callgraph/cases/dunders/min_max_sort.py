class Job:
    def __lt__(self, other):
        return True


class Score:
    def __gt__(self, other):
        return True


jobs = [Job(), Job()]
jobs.sort()
min(jobs)
max(Score(), Score())
# list.sort and min compare with <; max compares with >
# expect: main.py -> main.py::Job
# expect: main.py -> main.py::Score
# expect: main.py -> main.py::Job.__lt__
# expect: main.py -> main.py::Score.__gt__
