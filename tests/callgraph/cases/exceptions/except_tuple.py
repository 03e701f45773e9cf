class A(Exception):
    def describe(self):
        pass


class B(Exception):
    def describe(self):
        pass


def run():
    try:
        pass
    except (A, B) as error:
        error.describe()
# expect: main.py::run -> main.py::A.describe | main.py::B.describe
