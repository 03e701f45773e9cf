class A:
    def run(self):
        pass


fn = A().run
fn()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
