def a():
    pass


def b():
    pass


def call(fn=a):
    fn()


call(b)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::a | main.py::b
