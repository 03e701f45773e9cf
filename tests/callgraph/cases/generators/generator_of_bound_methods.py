class Steps:
    def one(self):
        pass

    def two(self):
        pass

    def all(self):
        yield self.one
        yield self.two


for step in Steps().all():
    step()
# expect: main.py -> main.py::Steps
# expect: main.py -> main.py::Steps.all
# expect: main.py -> main.py::Steps.one | main.py::Steps.two
