def f1():
    pass


def f2():
    pass


def f3():
    pass


def call_second(a, b):
    b()


def call_first(a, b=None):
    a()


pair = (f1, f2)
call_second(*pair)
items = [f3]
items.append(f1)
call_first(*items)
# a starred display binds the parameters element by position; elements added later (append) may be at
# any position
# expect: main.py -> main.py::call_second
# expect: main.py::call_second -> main.py::f2
# expect: main.py -> main.py::call_first
# expect: main.py::call_first -> main.py::f3 | main.py::f1
