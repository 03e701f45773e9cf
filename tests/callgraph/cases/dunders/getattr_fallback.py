def fallback():
    pass


class Lazy:
    def __getattr__(self, name):
        return fallback


Lazy().anything()
# a missing attribute goes to __getattr__, whose result is called
# expect: main.py -> main.py::Lazy
# expect: main.py -> main.py::Lazy.__getattr__
# expect: main.py -> main.py::fallback
