class A:
    def run(self):
        pass


class B(A):
    pass


class C(B):
    pass


C().run()
# expect: main.py -> main.py::C
# expect: main.py -> main.py::A.run
