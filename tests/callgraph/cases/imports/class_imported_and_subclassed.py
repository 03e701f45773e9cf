from base import Handler


class Mine(Handler):
    def handle(self):
        pass


Mine().run()
# --- file: base.py
class Handler:
    def run(self):
        self.handle()

    def handle(self):
        pass
# expect: main.py -> main.py::Mine
# expect: main.py -> base.py::Handler.run
# expect: base.py::Handler.run -> main.py::Mine.handle
