"""Type comments (PEP 484): the names in them are type uses at their own tokens."""


class Opts:
    pass


class Schema:
    opts = None  # type: Opts
    #                    ^ defined: occurrences/typecomments.py:4
    registry = {}  # type: dict[str, list[Opts]]
    #                                     ^ defined: occurrences/typecomments.py:4

    def load(self) -> list[Opts]:
        found = []  # type: list[Opts]
        #                        ^ defined: occurrences/typecomments.py:4
        return found
