class A:
    def run(self):
        pass


a = A()
a.run()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
