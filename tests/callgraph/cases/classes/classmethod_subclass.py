class A:
    @classmethod
    def create(cls):
        return cls()

    def run(self):
        pass


class B(A):
    def run(self):
        pass


B.create().run()
# cls is B here: create builds a B, whose run is B.run
# expect: main.py -> main.py::A.create
# expect: main.py::A.create -> main.py::B
# expect: main.py -> main.py::B.run
