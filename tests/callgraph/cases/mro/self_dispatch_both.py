class A:
    def run(self):
        self.step()

    def step(self):
        pass


class B(A):
    def step(self):
        pass


A().run()
B().run()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::B
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::A.step | main.py::B.step
