class A:
    def run(self):
        pass


A.run(A())
# expect: main.py -> main.py::A.run
# expect: main.py -> main.py::A
