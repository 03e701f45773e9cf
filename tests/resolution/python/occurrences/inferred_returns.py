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
