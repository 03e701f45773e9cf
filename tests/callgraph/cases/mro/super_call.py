class A:
    def run(self):
        pass


class B(A):
    def run(self):
        super().run()


B().run()
# expect: main.py -> main.py::B
# expect: main.py -> main.py::B.run
# expect: main.py::B.run -> main.py::A.run
