class A:
    @classmethod
    def first(cls):
        cls.second()

    @classmethod
    def second(cls):
        pass


A.first()
# expect: main.py -> main.py::A.first
# expect: main.py::A.first -> main.py::A.second
