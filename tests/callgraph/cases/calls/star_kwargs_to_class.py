class Config:
    def __init__(self, host, port):
        self.host = host


def build(cls, **opts):
    return cls(**opts)


build(Config, host="h", port=1)
# expect: main.py -> main.py::build
# expect: main.py::build -> main.py::Config.__init__
