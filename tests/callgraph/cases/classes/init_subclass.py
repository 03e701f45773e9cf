registry = []


class Plugin:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        registry.append(cls)
        cls.setup()

    @classmethod
    def setup(cls):
        pass


class Csv(Plugin):
    @classmethod
    def setup(cls):
        pass
# defining a subclass calls the base's __init_subclass__ with cls = Csv
# expect: main.py -> main.py::Plugin.__init_subclass__
# expect: main.py::Plugin.__init_subclass__ -> main.py::Csv.setup
