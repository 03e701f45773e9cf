def run():
    "a,b".split(",")
# a str method: nothing in the project
# expect-none: main.py::run -> main.py::run
