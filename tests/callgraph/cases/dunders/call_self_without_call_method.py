# ``self(x)`` calls the instance: its class's ``__call__`` where it has one; where it has none (a subclass may
# define it, or the call raises), the call names no target, and never the class itself (that would be a
# constructor call).
class Scaler:
    def __call__(self, x):
        return x * 2

    def twice(self, x):
        return self(self(x))


class Plain:
    def run(self):
        return self()


Scaler().twice(1)
Plain().run()
# expect: main.py -> main.py::Scaler
# expect: main.py -> main.py::Plain
# expect: main.py -> main.py::Scaler.twice
# expect: main.py -> main.py::Plain.run
# expect: main.py::Scaler.twice -> main.py::Scaler.__call__
# expect-none: main.py::Plain.run -> main.py::Plain
