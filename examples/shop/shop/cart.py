"""The shopping cart."""
from .pricing import Discount, price_of


class Cart:
    """Items a customer is about to buy."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, item: str) -> "Cart":
        self.items.append(item)
        return self

    def total(self, discount: Discount | None = None) -> float:
        return sum(price_of(item, discount) for item in self.items)

    async def checkout(self, gateway) -> bool:
        amount = self.total()
        return await gateway.charge(amount)
