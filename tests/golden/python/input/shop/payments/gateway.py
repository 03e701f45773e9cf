from typing import Protocol


class Gateway(Protocol):
    def charge(self, amount: int, currency: str) -> bool: ...


class StripeGateway:
    def charge(self, amount: int, currency: str) -> bool:
        return True


def charge(amount: int, currency: str = "EUR") -> bool:
    """Charge with the default gateway."""
    return StripeGateway().charge(amount, currency)
