def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(command):
    p = f1
    match command:
        case "a":
            p = f2
        case _:
            p = f3
    p()


run("a")
# the wildcard case always matches what "a" does not: f1 cannot reach the call, but the analysis
# does not know a case is total, so f1 stays a candidate
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f1 | main.py::f2 | main.py::f3
