def a():
    pass


def run(table):
    table["go"]()


run({"go": a})
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::a
