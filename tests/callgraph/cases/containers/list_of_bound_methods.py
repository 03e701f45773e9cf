class Pipeline:
    def clean(self):
        pass

    def load(self):
        pass

    def run(self):
        for step in [self.clean, self.load]:
            step()


Pipeline().run()
# expect: main.py -> main.py::Pipeline
# expect: main.py -> main.py::Pipeline.run
# expect: main.py::Pipeline.run -> main.py::Pipeline.clean | main.py::Pipeline.load
