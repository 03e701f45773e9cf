def call(fn):
    fn()


def other():
    pass
# nothing ever flows into fn: no edge to any project function
# expect-none: main.py::call -> main.py::other
