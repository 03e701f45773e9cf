def helper():
    pass


def run():
    helper = len
    helper([])
# the local holds a builtin: no project edge
# expect-none: main.py::run -> main.py::helper
