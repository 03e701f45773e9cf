from functools import cached_property


class Report:
    @cached_property
    def data(self):
        return self.load()

    def load(self):
        return []


Report().data
# expect: main.py -> main.py::Report
# expect: main.py -> main.py::Report.data
# expect: main.py::Report.data -> main.py::Report.load
