class A:
    def run(self):
        pass


class B(A):
    def run(self):
        pass


B().run()
# expect: main.py -> main.py::B
# expect: main.py -> main.py::B.run
