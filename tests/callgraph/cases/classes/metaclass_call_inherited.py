class Registry(type):
    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        instance.setup()
        return instance


class Base(metaclass=Registry):
    def setup(self):
        pass


class Plugin(Base):
    def __init__(self, name):
        self.name = name

    def run(self):
        pass


Plugin("x").run()
# Plugin's metaclass is its base's: calling Plugin runs Registry.__call__, whose super().__call__ builds the Plugin
# expect: main.py -> main.py::Registry.__call__
# expect: main.py::Registry.__call__ -> main.py::Plugin.__init__
# expect: main.py::Registry.__call__ -> main.py::Base.setup
# expect: main.py -> main.py::Plugin.run
