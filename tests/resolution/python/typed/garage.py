from typed.vehicles import Car, Engine, make_car
from typed import vehicles
import typed.vehicles as tv


class Garage:
    def __init__(self) -> None:
        self.cars: list[Car] = []
        #               ^ defined: typed/vehicles.py::Car
        self.main = make_car()
        #           ^ defined: typed/vehicles.py::make_car
        self.spare: Engine = Engine()
        #                    ^ defined: typed/vehicles.py::Engine

    def open(self) -> None:
        self.main.drive()
        #         ^ defined: typed/vehicles.py::Car.drive
        self.spare.start()
        #          ^ defined: typed/vehicles.py::Engine.start
        for car in self.cars:
            car.honk()
            #   ^ defined: typed/vehicles.py::Car.honk

    def first(self) -> Car:
        return self.cars[0]


def run() -> None:
    garage = Garage()
    #        ^ defined: typed/garage.py::Garage.__init__
    garage.open()
    #      ^ defined: typed/garage.py::Garage.open
    garage.first().honk()
    #      ^ defined: typed/garage.py::Garage.first
    #              ^ defined: typed/vehicles.py::Car.honk
    vehicles.make_car().honk()
    #        ^ defined: typed/vehicles.py::make_car
    #                   ^ defined: typed/vehicles.py::Car.honk
    tv.Car.build()
    #      ^ defined: typed/vehicles.py::Car.build
    tv.service(vehicles.make_car())
    #  ^ defined: typed/vehicles.py::service
    garage.close()
    #      ^ unresolved
