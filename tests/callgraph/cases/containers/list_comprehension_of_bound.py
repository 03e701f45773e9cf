class A:
    def run(self):
        pass


for fn in [obj.run for obj in [A(), A()]]:
    fn()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
