from typing import Any, overload


@overload
def parse(text: str) -> int: ...
@overload
def parse(text: bytes) -> int: ...
def parse(text: Any) -> int:
    return len(text)


if len(__name__) > 3:
    def pick():
        return 1
else:
    def pick():
        return 2


def use():
    handler = parse
    #         ^ value: occurrences/overloads.py:5
    chosen = pick
    #        ^ ambiguous: occurrences/overloads.py:13, occurrences/overloads.py:16
    return handler, chosen
