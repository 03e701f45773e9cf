class Proc:
    def process(self, x):
        pass


p = Proc()
list(map(p.process, [1, 2]))
# expect: main.py -> main.py::Proc
# expect: main.py -> main.py::Proc.process
