def helper():
    pass


class A:
    action = staticmethod(helper)
    other = helper


A.other()
# expect: main.py -> main.py::helper
