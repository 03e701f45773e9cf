class Gauge:
    def _read(self):
        return self.scale()

    def scale(self):
        return 1

    level = property(fget=_read)


Gauge().level
Gauge.level
# property(fget=...) reads as property(...): the getter runs on an instance's read, not on the class's
# expect: main.py -> main.py::Gauge
# expect: main.py -> main.py::Gauge._read
# expect: main.py::Gauge._read -> main.py::Gauge.scale
