def f1():
    pass


def f2():
    pass


def f3():
    pass


def run(flag):
    p = f1
    if flag:
        p = f2
    else:
        p = f3
    p()


run(True)
run(False)
# f1 never reaches the call: both branches rebind p
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::f2 | main.py::f3
