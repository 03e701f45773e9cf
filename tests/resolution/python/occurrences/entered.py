"""``with Conn() as c`` (``async with``) binds what the manager's ``__enter__`` (``__aenter__``) returns; a method
annotated ``-> Self``, or one with no annotation whose every ``return`` returns its receiver, returns an instance
of its class (never an outside ``typing.Self``)."""

from typing import Self


class Conn:
    def __init__(self) -> None:
        self.pending = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    async def __aenter__(self):
        return self

    async def __aexit__(self, *args: object) -> None:
        pass

    def again(self):
        return self

    def maybe(self):
        if self.pending:
            return self
        return Other()


class Other:
    def __init__(self) -> None:
        self.pending = 1


class Pool:
    def acquire(self) -> Conn:
        return Conn()


def run(pool: Pool) -> int:
    with pool.acquire() as held:
        first = held.pending
        #            ^ value: occurrences/entered.py::Conn.pending
    again = Conn().again()
    maybe = Conn().maybe()
    return first + again.pending + maybe.pending
    #                    ^ value: occurrences/entered.py::Conn.pending
    #                                    ^ ambiguous: occurrences/entered.py::Conn.pending, occurrences/entered.py::Other.pending


async def arun() -> int:
    async with Conn() as held:
        return held.pending
        #           ^ value: occurrences/entered.py::Conn.pending
