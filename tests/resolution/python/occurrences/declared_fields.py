"""A field an ancestor declares with a type (``host: Host | None`` in its body) is the attribute every class under
it assigns (``self.host = host`` in ``__init__``), through any number of classes that assign it (pyright)."""

from __future__ import annotations


class Host:
    pass


class Matcher:
    host: Host | None

    def __init__(self, host: Host | None = None) -> None:
        self.host = host


class Processor(Matcher):
    def __init__(self, host: Host | None = None) -> None:
        self.host = host
        #    ^ write: occurrences/declared_fields.py::Matcher.host
        self.ticks = 0


class TextProcessor(Processor):
    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self.host = host
        #    ^ write: occurrences/declared_fields.py::Matcher.host
        self.ticks = 1

    def run(self) -> object:
        print(self.ticks)  # (assigned in every class, declared by none: the class's own)
        #          ^ value: occurrences/declared_fields.py:30
        return self.host
        #           ^ value: occurrences/declared_fields.py::Matcher.host
