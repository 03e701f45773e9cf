from dataclasses import dataclass, field
from typing import Callable, ClassVar


def f1():
    pass


def f2():
    pass


def f3():
    pass


@dataclass
class Base:
    first: Callable
    registry: ClassVar[dict] = {}


@dataclass
class Job(Base):
    second: Callable = f3
    hidden: Callable = field(default=f3, init=False)


a = Job(f1, f2)
b = Job(first=f2)
a.first()
a.second()
b.first()
# the generated __init__ takes the fields in order, the base's first; a ClassVar is no field; each
# instance holds what its own call gave (b.second keeps the default)
# expect: main.py -> main.py::Job
# expect: main.py -> main.py::f1
# expect: main.py -> main.py::f2
