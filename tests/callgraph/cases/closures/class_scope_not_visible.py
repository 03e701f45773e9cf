def helper():
    pass


class A:
    def helper(self):
        pass

    def run(self):
        helper()


A().run()
# a bare name in a method skips the class body: the module's helper
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::helper
