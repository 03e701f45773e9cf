def helper():
    pass


class A:
    action = lambda self: helper()


A().action()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.<lambda1>
# expect: main.py::A.<lambda1> -> main.py::helper
