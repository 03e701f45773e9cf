def real():
    pass


def fallback():
    pass


class Config:
    def __init__(self):
        self.handler = real

    def __getattr__(self, name):
        return fallback


c = Config()
c.handler()
c.other()
# handler is the instance's own: __getattr__ answers only for other
# expect: main.py -> main.py::Config.__init__
# expect: main.py -> main.py::real
# expect: main.py -> main.py::Config.__getattr__
# expect: main.py -> main.py::fallback
