def logged(fn):
    def wrapper(self):
        return fn(self)
    return wrapper


class A:
    @logged
    def run(self):
        self.step()

    def step(self):
        pass


A().run()
# expect: main.py::A -> main.py::logged
# expect: main.py -> main.py::A
# expect: main.py -> main.py::logged.wrapper
# expect: main.py::logged.wrapper -> main.py::A.run
# expect: main.py::A.run -> main.py::A.step
