class Proxy:
    def forward(self):
        pass


class Swap(type):
    def __call__(cls):
        return Proxy()


class Target(metaclass=Swap):
    def __init__(self):
        pass

    def forward(self):
        pass


Target().forward()
# Swap.__call__ never builds a Target: its __init__ does not run, and the call gives a Proxy
# expect: main.py -> main.py::Swap.__call__
# expect: main.py::Swap.__call__ -> main.py::Proxy
# expect: main.py -> main.py::Proxy.forward
# expect-none: main.py -> main.py::Target.__init__
# expect-none: main.py -> main.py::Target.forward
