def helper():
    pass


def bound(self):
    pass


class A:
    action = staticmethod(helper)
    other = bound

    def run(self):
        self.action()
        self.other()


A().run()
# a plain function in a class becomes a method; staticmethod keeps it plain
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::helper
# expect: main.py::A.run -> main.py::bound
