class Registry:
    handlers = {}

    @classmethod
    def register(cls, name):
        def wrap(fn):
            cls.handlers[name] = fn
            return fn
        return wrap

    @classmethod
    def run(cls, name):
        cls.handlers[name]()


@Registry.register("a")
def handle_a():
    pass


Registry.run("a")
# expect: main.py -> main.py::Registry.register
# expect: main.py -> main.py::Registry.register.wrap
# expect: main.py -> main.py::Registry.run
# expect: main.py::Registry.run -> main.py::handle_a
