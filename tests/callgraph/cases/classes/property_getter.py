class A:
    @property
    def value(self):
        return compute()


def compute():
    return 1


A().value
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.value
# expect: main.py::A.value -> main.py::compute
