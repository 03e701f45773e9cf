class Engine:
    def start(self):
        pass


class Car:
    def attach(self):
        self.engine = Engine()

    def drive(self):
        self.engine.start()


car = Car()
car.attach()
car.drive()
# expect: main.py -> main.py::Car
# expect: main.py -> main.py::Car.attach
# expect: main.py -> main.py::Car.drive
# expect: main.py::Car.attach -> main.py::Engine
# expect: main.py::Car.drive -> main.py::Engine.start
