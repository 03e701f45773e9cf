class Machine:
    def __init__(self):
        self.handlers = {"a": self.on_a, "b": self.on_b}

    def on_a(self):
        pass

    def on_b(self):
        pass

    def fire(self, key):
        self.handlers[key]()


Machine().fire("a")
# known-weak: the literal a call passes is followed into a small function analysed per call site, not into a method (analysed per receiver), so fire's key is any key: on_a | on_b
# expect: main.py -> main.py::Machine.__init__
# expect: main.py -> main.py::Machine.fire
# expect: main.py::Machine.fire -> main.py::Machine.on_a
