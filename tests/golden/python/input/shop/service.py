import functools
import logging as log

from . import models
from .models import Order, Status, DEFAULT_CURRENCY
from .payments.gateway import charge, Gateway

LIMIT: int = 10


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        log.info("call %s", fn)
        return fn(*args, **kwargs)

    return wrapper


@traced
def checkout(order: Order, gateway: Gateway | None = None) -> bool:
    order.save()
    models.Order.empty()
    charge(order.total, DEFAULT_CURRENCY)
    if order.status is Status.PAID:
        return True
    unknown_helper(order)
    return False


def validate(value):
    return value.validate()
