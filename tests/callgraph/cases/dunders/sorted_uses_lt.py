class Task:
    def __init__(self, p):
        self.p = p

    def __lt__(self, other):
        return self.p < other.p


tasks = [Task(2), Task(1)]
sorted(tasks)
# sorted compares the items with <
# expect: main.py -> main.py::Task.__init__
# expect: main.py -> main.py::Task.__lt__
