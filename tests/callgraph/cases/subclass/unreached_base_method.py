class Task:
    def run(self):
        self.prepare()
        self.step()

    def prepare(self):
        pass

    def step(self):
        pass


class FastTask(Task):
    def step(self):
        pass


class SlowTask(Task):
    pass
# nothing here calls run: its self is a Task or a subclass that inherits run (FastTask, SlowTask);
# only FastTask overrides step, nobody overrides prepare
# expect: main.py::Task.run -> main.py::Task.prepare
# expect: main.py::Task.run -> main.py::Task.step | main.py::FastTask.step
