"""Narrowing: where ``isinstance(x, C)`` holds, a type checker reads the local ``x`` as a ``C`` (pyright)."""


class Timeout:
    def __init__(self, connect: float) -> None:
        self.connect = connect

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Timeout) and self.connect == other.connect
        #                                                           ^ defined: occurrences/narrowing.py::Timeout.connect


class Limits:
    def __init__(self, pool: int) -> None:
        self.pool = pool

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limits):
            return NotImplemented
        return self.pool == other.pool
        #                         ^ defined: occurrences/narrowing.py::Limits.pool


def describe(value: object) -> int:
    if isinstance(value, Limits):
        return value.pool
        #            ^ defined: occurrences/narrowing.py::Limits.pool
    elif isinstance(value, Timeout):
        return int(value.connect)
        #                ^ defined: occurrences/narrowing.py::Timeout.connect
    return 0 if not isinstance(value, Limits) else value.pool
    #                                                    ^ defined: occurrences/narrowing.py::Limits.pool


def checked(value: object) -> int:
    assert isinstance(value, Limits)
    return value.pool
    #            ^ defined: occurrences/narrowing.py::Limits.pool


class Wide:
    pool = 0


class Narrower(Wide):
    pool = 1


def keeps(item: Narrower) -> int:
    if isinstance(item, Wide):  # (an item is a Wide already: it stays a Narrower)
        return item.pool
        #           ^ defined: occurrences/narrowing.py::Narrower.pool
    return 0


def reassigned(value: object) -> None:
    if isinstance(value, Limits):
        print(value.pool)
        #           ^ defined: occurrences/narrowing.py::Limits.pool
        value = Timeout(1.0)  # (the test no longer says what it holds: any class's pool, not a Limits')
        print(value.pool)
        #           ^ ambiguous: occurrences/narrowing.py::Limits.pool, occurrences/narrowing.py::Wide.pool, occurrences/narrowing.py::Narrower.pool


class Color:
    def as_tuple(self) -> tuple[int, int, int]:
        return (0, 0, 0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Color) and self.as_tuple() == other.as_tuple()
        #                                                            ^ defined: occurrences/narrowing.py::Color.as_tuple


class Group:
    chain = False


class Context:
    def __init__(self, command: object, parent: "Context | None") -> None:
        self.command = command
        self.parent = parent


def chained(ctx: Context) -> bool:
    if isinstance(ctx.command, Group) and ctx.command.chain:
        #                                             ^ value: occurrences/narrowing.py:75
        return True
    if not isinstance(ctx.command, Limits):
        return False
    print(ctx.command.pool)
    #                 ^ value: occurrences/narrowing.py:15
    ctx.command = Timeout(1.0)  # (the chain is assigned: the test no longer says what it holds)
    return ctx.command.pool == 0
    #                  ^ unresolved


class Holder:
    def __init__(self, item: object) -> None:
        self.item = item

    def size(self) -> int:
        if isinstance(self.item, Limits):
            return self.item.pool
            #                ^ value: occurrences/narrowing.py:15
        return 0


class Rule:
    def __init__(self, trace: str) -> None:
        self.trace = trace

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.trace == other.trace
        #                                                            ^ value: occurrences/narrowing.py:110

    def same(self, other: object) -> bool:
        return isinstance(other, self.__class__) and other.trace == self.trace
        #                                                  ^ value: occurrences/narrowing.py:110


def either(value: object) -> int:
    if isinstance(value, (Wide, Narrower)):
        return value.pool  # (a Wide or a Narrower: each one's pool)
        #            ^ ambiguous: occurrences/narrowing.py:42, occurrences/narrowing.py:46
    if isinstance(value, (Group,)):
        return int(value.chain)
        #                ^ value: occurrences/narrowing.py:75
    return 0


def unwrapped(value: object) -> object:
    if isinstance(value, Limits):
        value = value.pool  # (the right side reads the value tested: the name holds another value after it)
        #             ^ defined: occurrences/narrowing.py::Limits.pool
    return value
