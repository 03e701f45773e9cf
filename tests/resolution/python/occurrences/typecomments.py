"""Type comments (PEP 484): the names in them are type uses at their own tokens, and what they say a
field or a local holds is its declared type, as an annotation's is."""

import typing


class Opts:
    def __init__(self) -> None:
        self.exclude = ()


class Schema:
    opts = None  # type: Opts
    #                    ^ defined: occurrences/typecomments.py:7
    registry = {}  # type: dict[str, list[Opts]]
    #                                     ^ defined: occurrences/typecomments.py:7

    def load(self) -> list[Opts]:
        found = []  # type: list[Opts]
        #                        ^ defined: occurrences/typecomments.py:7
        return found

    def __init__(self) -> None:
        self.by_name = {}  # type: typing.Dict[str, Opts]
        self.first = self.opts.exclude
        #                      ^ value: occurrences/typecomments.py::Opts.exclude

    def names(self) -> list:
        kept = None  # type: Opts
        out = [kept.exclude]
        #           ^ value: occurrences/typecomments.py::Opts.exclude
        for key, value in self.by_name.items():
            out.append(value.exclude)
            #                ^ value: occurrences/typecomments.py::Opts.exclude
        return out
