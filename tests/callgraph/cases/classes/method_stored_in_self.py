class Machine:
    def __init__(self):
        self.handlers = [self.start, self.stop]

    def start(self):
        pass

    def stop(self):
        pass

    def run(self):
        for handler in self.handlers:
            handler()


Machine().run()
# expect: main.py -> main.py::Machine.__init__
# expect: main.py -> main.py::Machine.run
# expect: main.py::Machine.run -> main.py::Machine.start | main.py::Machine.stop
