class LogMixin:
    def log(self):
        pass


class Service(LogMixin):
    def run(self):
        self.log()


Service().run()
# expect: main.py -> main.py::Service
# expect: main.py -> main.py::Service.run
# expect: main.py::Service.run -> main.py::LogMixin.log
