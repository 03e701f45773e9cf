"""A function of the project's own named ``cast`` is no ``typing.cast``: what it returns is what its call gives."""

from occurrences.casts import Command, Group


def cast(kind: object, value: object) -> Command:
    return Command()


def run(value: object) -> int:
    thing = cast(Group, value)
    return thing.invoke()
    #            ^ defined: occurrences/casts.py::Command.invoke
