class A:
    def run(self):
        pass


def get():
    return A().run


get()()
# expect: main.py -> main.py::get
# expect: main.py::get -> main.py::A
# expect: main.py -> main.py::A.run
