class A:
    def helper(self):
        pass

    def run(self):
        self.helper()
# run is never called: self is an A
# expect: main.py::A.run -> main.py::A.helper
