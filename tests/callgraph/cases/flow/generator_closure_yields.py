def f1():
    pass


def f2():
    pass


def produce():
    fn = f1

    def call():
        fn()

    yield call
    fn = f2
    yield call


for step in produce():
    step()
# the consumer calls call while fn is f1, then while it is f2
# expect: main.py -> main.py::produce
# expect: main.py -> main.py::produce.call
# expect: main.py::produce.call -> main.py::f1 | main.py::f2
