class Engine:
    def start(self):
        pass


class Car:
    def __init__(self):
        self._engine = Engine()

    @property
    def engine(self):
        return self._engine


Car().engine.start()
# expect: main.py -> main.py::Car.__init__
# expect: main.py::Car.__init__ -> main.py::Engine
# expect: main.py -> main.py::Car.engine
# expect: main.py -> main.py::Engine.start
