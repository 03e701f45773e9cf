class Job:
    def callback(self):
        return lambda: self.run()

    def run(self):
        pass


Job().callback()()
# expect: main.py -> main.py::Job
# expect: main.py -> main.py::Job.callback
# expect: main.py -> main.py::Job.callback.<lambda1>
# expect: main.py::Job.callback.<lambda1> -> main.py::Job.run
