class Step:
    def __call__(self):
        pass


for s in [Step(), Step()]:
    s()
# expect: main.py -> main.py::Step
# expect: main.py -> main.py::Step.__call__
