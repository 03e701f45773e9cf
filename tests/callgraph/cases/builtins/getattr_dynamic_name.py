class A:
    def run(self):
        pass

    def stop(self):
        pass


def call(name):
    getattr(A(), name)()
# the name is not a literal: the callee is unknown, nothing is claimed
# expect: main.py::call -> main.py::A
