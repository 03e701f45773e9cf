class A:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


class B:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


with A() as a, B() as b:
    pass
# expect: main.py -> main.py::A
# expect: main.py -> main.py::B
# expect: main.py -> main.py::A.__enter__
# expect: main.py -> main.py::A.__exit__
# expect: main.py -> main.py::B.__enter__
# expect: main.py -> main.py::B.__exit__
