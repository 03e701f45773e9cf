import os
import os.path as osp
from typing import Optional

LIMIT = 3


def helper(value):
    return value


class Base:
    def save(self):
        return self.validate()
        #           ^ defined: app/sub/tools.py::Derived.validate

    def validate(self):
        return True

    def only_in_base(self):
        return helper(1)
        #      ^ defined: app/models.py:8


class Model(Base):
    kind: Optional[str] = None
    #     ^ unresolved

    def __init__(self, name):
        self.name = name
        super().__init__()
        #       ^ unresolved

    def validate(self):
        ok = super().validate()
        #            ^ defined: app/models.py:17
        self.only_in_base()
        #    ^ defined: app/models.py:20
        return ok and len(self.name) < LIMIT
        #             ^ unresolved

    def path(self):
        return osp.join(os.getcwd(), self.name)
        #          ^ unresolved
        #                  ^ unresolved

    @staticmethod
    def build(name: str) -> "Model":
        return Model(name)
        #      ^ defined: app/models.py:29

    @classmethod
    def create(cls, name):
        return cls(name)
        #      ^ defined: app/models.py:29


class Other:
    def save(self):
        pass


def use_unknown(thing):
    thing.save()
    #     ^ ambiguous: app/models.py:13, app/models.py:59
    helper = None
    helper(thing)
    # ^ unresolved


def shadowed_by_parameter(helper):
    return helper(2)
    #      ^ unresolved


def recursive(n):
    return recursive(n - 1) if n else 0
    #      ^ defined: app/models.py:76
