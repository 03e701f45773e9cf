import os
from typing import List, Optional, Type, Union


class Engine:
    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass


class ElectricEngine(Engine):
    def start(self) -> None:
        super().start()
        #       ^ defined: typed/vehicles.py::Engine.start

    def charge(self) -> None:
        pass


class Car:
    engine: Engine
    #       ^ defined: typed/vehicles.py::Engine

    def __init__(self, engine: Engine) -> None:
    #                          ^ defined: typed/vehicles.py::Engine
        self.engine = engine

    def drive(self) -> "Car":
        self.engine.start()
        #           ^ ambiguous: typed/vehicles.py::Engine.start, typed/vehicles.py::ElectricEngine.start
        self.honk()
        #    ^ defined: typed/vehicles.py::Car.honk
        return self

    def honk(self) -> None:
        pass

    @property
    def speed(self) -> int:
        return 0

    @staticmethod
    def build() -> "Car":
        return Car(Engine())
        #      ^ defined: typed/vehicles.py::Car.__init__
        #          ^ defined: typed/vehicles.py::Engine

    @classmethod
    def electric(cls) -> "Car":
        return cls(ElectricEngine())
        #      ^ defined: typed/vehicles.py::Car.__init__
        #          ^ defined: typed/vehicles.py::ElectricEngine


def make_car() -> Car:
#                 ^ defined: typed/vehicles.py::Car
    return Car(Engine())
    #      ^ defined: typed/vehicles.py::Car.__init__


def service(car: Car) -> None:
#                ^ defined: typed/vehicles.py::Car
    car.drive()
    #   ^ defined: typed/vehicles.py::Car.drive
    car.engine.stop()
    #          ^ defined: typed/vehicles.py::Engine.stop
    car.missing()
    #   ^ unresolved


def maybe(car: Optional[Car]) -> None:
#              ^ unresolved
#                       ^ defined: typed/vehicles.py::Car
    if car is not None:
        car.honk()
        #   ^ defined: typed/vehicles.py::Car.honk


def either(thing: Union[Car, Engine]) -> None:
#                       ^ defined: typed/vehicles.py::Car
#                            ^ defined: typed/vehicles.py::Engine
    thing.start()
    #     ^ ambiguous: typed/vehicles.py::Engine.start, typed/vehicles.py::ElectricEngine.start


def piped(thing: "Car | None") -> None:
    thing.honk()
    #     ^ defined: typed/vehicles.py::Car.honk


def constructed() -> None:
    car = Car(Engine())
    #     ^ defined: typed/vehicles.py::Car.__init__
    #         ^ defined: typed/vehicles.py::Engine
    car.drive()
    #   ^ defined: typed/vehicles.py::Car.drive
    car.drive().honk()
    #   ^ defined: typed/vehicles.py::Car.drive
    #           ^ defined: typed/vehicles.py::Car.honk


def returned() -> None:
    car = make_car()
    #     ^ defined: typed/vehicles.py::make_car
    car.honk()
    #   ^ defined: typed/vehicles.py::Car.honk
    make_car().drive()
    #          ^ defined: typed/vehicles.py::Car.drive
    Car.build().honk()
    #   ^ defined: typed/vehicles.py::Car.build
    #           ^ defined: typed/vehicles.py::Car.honk


def electric() -> None:
    engine = ElectricEngine()
    #        ^ defined: typed/vehicles.py::ElectricEngine
    engine.start()
    #      ^ defined: typed/vehicles.py::ElectricEngine.start
    engine.stop()
    #      ^ defined: typed/vehicles.py::Engine.stop
    engine.charge()
    #      ^ defined: typed/vehicles.py::ElectricEngine.charge


def annotated_local() -> None:
    engine: Engine = os.getenv("ENGINE")
    #                   ^ unresolved
    engine.stop()
    #      ^ defined: typed/vehicles.py::Engine.stop


def polymorphic(flag: bool) -> None:
    engine = ElectricEngine() if flag else Engine()
    engine.start()
    #      ^ ambiguous: typed/vehicles.py::Engine.start, typed/vehicles.py::ElectricEngine.start
    engine.stop()
    #      ^ defined: typed/vehicles.py::Engine.stop


class Truck:
    capacity = 10

    def load(self) -> None:
        pass


class Ferry:
    capacity = 200

    def load(self) -> None:
        pass


def convoy(trucks: list[Truck] | None, spares: "List[Truck]") -> None:
    for truck in trucks:
        truck.load()
        #     ^ defined: typed/vehicles.py::Truck.load
    for spare in spares:
        spare.load()
        #     ^ defined: typed/vehicles.py::Truck.load


def depot(kind: Type[Truck], maybe: "Optional[Type[Truck]]") -> None:
    print(kind.capacity)
    #          ^ value: typed/vehicles.py::Truck.capacity
    print(maybe.capacity)
    #           ^ value: typed/vehicles.py::Truck.capacity


class Trailer:
    registry: dict = {}

    def __init__(self, axles: int) -> None:
        self.axles = axles

    def copy(self) -> "Trailer":
        twin = self.__class__(self.axles)
        twin.axles = 3
        #    ^ write: typed/vehicles.py::Trailer.axles
        print(self.__class__.registry)
        #                    ^ value: typed/vehicles.py::Trailer.registry
        return twin

    @classmethod
    def kinds(cls) -> None:
        print(cls.__class__.registry)
        #                   ^ unresolved
