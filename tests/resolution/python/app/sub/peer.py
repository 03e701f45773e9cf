from ..models import *


def ping():
    return helper(LIMIT)
    #      ^ defined: app/models.py:8
    #             ^ value: app/models.py:5
