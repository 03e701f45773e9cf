"""Domain models."""
from dataclasses import dataclass, field
from enum import Enum

DEFAULT_CURRENCY = "EUR"
_registry: dict[str, "Customer"] = {}


class Status(Enum):
    OPEN = 1
    PAID = 2


class Entity:
    """Base of every stored thing."""

    def save(self) -> None:
        self.validate()

    def validate(self) -> bool:
        return True


@dataclass
class Customer(Entity):
    name: str
    email: str = ""

    def validate(self) -> bool:
        return "@" in self.email

    @classmethod
    def guest(cls) -> "Customer":
        return cls("guest")


class Order(Entity):
    """An order of one customer."""

    def __init__(self, customer: Customer, *items: str, status: Status = Status.OPEN) -> None:
        self.customer = customer
        self.items = list(items)
        self.__secret = None
        self.status = status

    @property
    def total(self) -> int:
        return len(self.items)

    @total.setter
    def total(self, value: int) -> None:
        self.items = []

    @staticmethod
    def empty() -> "Order":
        return Order(Customer.guest())

    def save(self) -> None:
        super().save()
        _audit(self)

    async def refresh(self, **options) -> None:
        def merge(a, b):
            return merge(b, a) if a else b

        merge(1, 2)


def _audit(entity: Entity) -> None:
    print(entity)
