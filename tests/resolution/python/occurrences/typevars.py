"""A parameter annotated with a type variable holds what the variable's bound or constraints admit (``T =
TypeVar("T", bound=Base)``: a ``Base``), as a type checker reads it; a bound in a string is not read (the
points-to analysis, which answers the calls, reads a string argument as no class)."""

import typing as t
from typing import TypeVar

from occurrences import typevars_lib


class Completion:
    prompt_text = "shell"

    def source(self) -> str:
        return self.prompt_text


class Bash(Completion):
    def source(self) -> str:
        return "bash"


Bounded = t.TypeVar("Bounded", bound=Completion)
Either = TypeVar("Either", Bash, Completion)
Quoted = TypeVar("Quoted", bound="Completion")
Made = typevars_lib.TypeVar("Made", bound=Completion)


def describe(item: Bounded, other: Either, quoted: Quoted) -> str:
    return item.prompt_text + other.prompt_text + quoted.prompt_text + item.source()
    #           ^ value: occurrences/typevars.py::Completion.prompt_text
    #                               ^ value: occurrences/typevars.py::Completion.prompt_text
    #                                                    ^ ambiguous: occurrences/typevars.py::Completion.prompt_text
    #                                                                       ^ ambiguous: occurrences/typevars.py::Completion.source, occurrences/typevars.py::Bash.source
    #                                                                       ^ value: occurrences/typevars.py::Completion.source


def made(item: Made) -> str:
    return item.prompt_text
    #           ^ ambiguous: occurrences/typevars.py::Completion.prompt_text
