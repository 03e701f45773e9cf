class A:
    def run(self):
        pass


class B(A):
    pass


class C(B):
    def run(self):
        super().run()


C().run()
# expect: main.py -> main.py::C
# expect: main.py -> main.py::C.run
# expect: main.py::C.run -> main.py::A.run
