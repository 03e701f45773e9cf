"""Prices and discounts."""

VAT = 0.2


class Discount:
    """A percentage off."""

    def __init__(self, percent: float) -> None:
        self.percent = percent

    def apply(self, amount: float) -> float:
        return amount * (1 - self.percent / 100)


class NoDiscount(Discount):
    def apply(self, amount: float) -> float:
        return amount


def price_of(item: str, discount: Discount | None = None) -> float:
    base = len(item) * 1.5
    return with_vat(discount.apply(base) if discount else base)


def with_vat(amount: float) -> float:
    return round(amount * (1 + VAT), 2)
