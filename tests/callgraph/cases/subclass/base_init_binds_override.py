class A:
    def __init__(self):
        self.callback = self.handle

    def run(self):
        self.callback()

    def handle(self):
        pass


class B(A):
    def handle(self):
        pass


B().run()
# self.handle in A.__init__ binds B's handle for a B
# expect: main.py -> main.py::A.__init__
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::B.handle
