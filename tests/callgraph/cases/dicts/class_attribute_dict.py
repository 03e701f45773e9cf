def f1():
    pass


def f2():
    pass


def f3():
    pass


class Registry:
    handlers = {"start": f1, "stop": f2}

    def run(self, name):
        self.handlers[name]()


Registry().run("start")
Registry.handlers["stop"]()
# expect: main.py -> main.py::Registry
# expect: main.py -> main.py::Registry.run
# expect: main.py -> main.py::f2
# expect: main.py::Registry.run -> main.py::f1 | main.py::f2
