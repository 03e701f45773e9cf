class A:
    def __init__(self):
        pass

    @classmethod
    def create(cls):
        return cls()

    def run(self):
        pass


A.create().run()
# expect: main.py -> main.py::A.create
# expect: main.py::A.create -> main.py::A.__init__
# expect: main.py -> main.py::A.run
