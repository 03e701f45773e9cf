"""A function with no return annotation whose every ``return`` returns a call of one name (``return
Meter(…)``) returns what that call gives (also through a local: ``meter = Meter(); return meter``); a classmethod's ``return cls(…)`` an instance of its class. Not a
generator (calling it gives a generator), and not where the returns disagree."""


class Meter:
    def __init__(self, gauge: int = 0) -> None:
        self.gauge = gauge

    @classmethod
    def parse(cls, text: str):
        if not text:
            return None
        return cls(int(text))


class Dial:
    def __init__(self) -> None:
        self.gauge = 1


def make():
    return Meter()


def pooled():
    meter = Meter()
    return meter


def produce():
    yield Meter()
    return Meter()


def either(flag: bool):
    if flag:
        return Meter()
    return Dial()


def read() -> int:
    made = make()
    parsed = Meter.parse("3")
    produced = produce()
    mixed = either(True)
    kept = pooled()
    total = made.gauge + parsed.gauge + len(list(produced)) + mixed.gauge
    #            ^ value: occurrences/inferred_returns.py::Meter.gauge
    #                           ^ value: occurrences/inferred_returns.py::Meter.gauge
    #                                                                ^ ambiguous: occurrences/inferred_returns.py::Meter.gauge, occurrences/inferred_returns.py::Dial.gauge
    total += kept.gauge
    #             ^ value: occurrences/inferred_returns.py::Meter.gauge
    return total + produced.gauge  # (a generator has no ``gauge``: the name says nothing here)
    #                       ^ ambiguous: occurrences/inferred_returns.py::Meter.gauge, occurrences/inferred_returns.py::Dial.gauge


# a method or a property with no return annotation that returns an attribute chain (``return self._src.head``) returns
# what that attribute holds, read inside the method (its receiver, its parameters); a property read so holds what its
# getter returns
class Tape:
    def __init__(self, start: Meter) -> None:
        self._head = start

    @property
    def head(self) -> Meter:
        return self._head


class Reader:
    def __init__(self, tape: Tape) -> None:
        self._src = tape

    @property
    def _current(self):
        return self._src.head

    def current_of(self, other: Tape):
        return other.head

    def peek(self, other: Tape) -> int:
        here = self._current
        return self._current.gauge + self.current_of(other).gauge + here.gauge
        #                    ^ value: occurrences/inferred_returns.py::Meter.gauge
        #                                                   ^ value: occurrences/inferred_returns.py::Meter.gauge
        #                                                                ^ value: occurrences/inferred_returns.py::Meter.gauge
