def f1():
    pass


def f2():
    pass


def f3():
    pass


head, *middle, tail = (f1, f2, f3)
head()
tail()
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f3
