class Bus:
    def __init__(self):
        self.subs = []

    def subscribe(self, fn):
        self.subs.append(fn)

    def emit(self):
        for fn in self.subs:
            fn()


class Listener:
    def notify(self):
        pass


def on_start():
    pass


bus = Bus()
bus.subscribe(on_start)
bus.subscribe(Listener().notify)
bus.emit()
# expect: main.py -> main.py::Bus.__init__
# expect: main.py -> main.py::Bus.subscribe
# expect: main.py -> main.py::Listener
# expect: main.py -> main.py::Bus.emit
# expect: main.py::Bus.emit -> main.py::on_start | main.py::Listener.notify
