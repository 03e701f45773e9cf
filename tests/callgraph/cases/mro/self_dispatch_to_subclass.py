class A:
    def run(self):
        self.step()

    def step(self):
        pass


class B(A):
    def step(self):
        pass


B().run()
# only a B ever runs: self.step() is B.step
# expect: main.py -> main.py::B
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::B.step
