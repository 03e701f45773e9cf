"""``x = typing.cast(Foo, value)``: the local holds what the cast says, as a type checker reads it, under every
name the file gives ``cast`` (``cast``, ``typing.cast``, an alias of the module or of the function). The
points-to analysis reads a cast as an annotation: an instance of the class or of any project subclass, so a
call stays open among the overrides, while its token reads the cast's class's method."""

import typing
import typing as t
from typing import cast
from typing import cast as as_type


class Command:
    def invoke(self) -> int:
        return 0


class Group(Command):
    def invoke(self) -> int:
        return 1

    def commands(self) -> list:
        return []


def current(flag: bool) -> Command:
    return Group() if flag else Command()


def run(flag: bool) -> int:
    group = t.cast(Group, current(flag))
    other = typing.cast("Group", current(flag))
    named = cast(Group, current(flag))
    aliased = as_type(Group, current(flag))
    return len(group.commands()) + other.invoke() + named.invoke() + aliased.invoke()
    #                ^ defined: occurrences/casts.py::Group.commands
    #                                    ^ defined: occurrences/casts.py::Group.invoke
    #                                                     ^ defined: occurrences/casts.py::Group.invoke
    #                                                                        ^ defined: occurrences/casts.py::Group.invoke



def either(flag: bool) -> int:
    """A cast to a class with subclasses: the call stays open among the overrides, its token reads the class's."""
    command = cast(Command, current(flag))
    return command.invoke()
    #              ^ ambiguous: occurrences/casts.py::Command.invoke, occurrences/casts.py::Group.invoke
    #              ^ value: occurrences/casts.py::Command.invoke


class Labelled(Group):
    label = "group"


def in_place(flag: bool) -> int:
    """A cast read in place, not through a local: what it says is an instance of its class too."""
    size = len(t.cast(Labelled, current(flag)).label) + len(typing.cast("Group", current(flag)).commands())
    #                                          ^ value: occurrences/casts.py::Labelled.label
    #                                                                                           ^ value: occurrences/casts.py::Group.commands
    return size + cast(Command, current(flag)).invoke()
    #                                          ^ ambiguous: occurrences/casts.py::Command.invoke, occurrences/casts.py::Group.invoke
    #                                          ^ value: occurrences/casts.py::Command.invoke
