def notify():
    pass


class Timer:
    def __init__(self, cb):
        self.cb = cb

    def fire(self):
        self.cb()


class Scheduler:
    def __init__(self):
        self.timers = []

    def add(self, cb):
        self.timers.append(Timer(cb))

    def tick(self):
        for t in self.timers:
            t.fire()


s = Scheduler()
s.add(notify)
s.tick()
# expect: main.py -> main.py::Scheduler.__init__
# expect: main.py -> main.py::Scheduler.add
# expect: main.py::Scheduler.add -> main.py::Timer.__init__
# expect: main.py -> main.py::Scheduler.tick
# expect: main.py::Scheduler.tick -> main.py::Timer.fire
# expect: main.py::Timer.fire -> main.py::notify
