from dataclasses import dataclass


@dataclass
class Order:
    qty: int

    def __post_init__(self):
        self.validate()

    def validate(self):
        pass


Order(3)
# the generated __init__ (not in the project) calls __post_init__
# expect: main.py -> main.py::Order
# expect: main.py -> main.py::Order.__post_init__
# expect: main.py::Order.__post_init__ -> main.py::Order.validate
