class Engine:
    def start(self):
        pass


class Car:
    def __init__(self):
        self.engine = Engine()

    def drive(self):
        self.engine.start()


Car().drive()
# expect: main.py -> main.py::Car.__init__
# expect: main.py -> main.py::Car.drive
# expect: main.py::Car.__init__ -> main.py::Engine
# expect: main.py::Car.drive -> main.py::Engine.start
