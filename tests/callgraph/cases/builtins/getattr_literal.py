class A:
    def run(self):
        pass


getattr(A(), "run")()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
