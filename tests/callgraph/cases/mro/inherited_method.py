class A:
    def run(self):
        pass


class B(A):
    pass


B().run()
# expect: main.py -> main.py::B
# expect: main.py -> main.py::A.run
