handlers = {"x": lambda: helper()}


def helper():
    pass


handlers["x"]()
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::helper
