def helper():
    pass


class A:
    @property
    def action(self):
        return helper


A().action()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.action
# expect: main.py -> main.py::helper
