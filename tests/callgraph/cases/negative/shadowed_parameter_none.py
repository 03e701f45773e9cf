def helper():
    pass


def run(helper):
    helper()
# run is never called: its parameter holds nothing known
# expect-none: main.py::run -> main.py::helper
