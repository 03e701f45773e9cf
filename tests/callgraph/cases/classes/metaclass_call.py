class Singleton(type):
    _instances = {}

    def __call__(cls, *args):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args)
        return cls._instances[cls]


class Config(metaclass=Singleton):
    def __init__(self):
        pass

    def load(self):
        pass


Config().load()
# calling the class calls the metaclass's __call__; type.__call__ (reached through super) runs __init__
# expect: main.py -> main.py::Singleton.__call__
# expect: main.py::Singleton.__call__ -> main.py::Config.__init__
# expect: main.py -> main.py::Config.load
