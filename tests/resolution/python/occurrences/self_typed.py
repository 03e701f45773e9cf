"""``Self`` (PEP 673) on a parameter: an instance of the innermost class around it, under every name the file
gives it (``Self``, ``typing.Self``, ``te.Self``), also in a function nested in a method, whose ``self`` is its
own parameter (``def on_update(self: Self)``, a callback a dict subclass hands its base)."""

import typing
import typing_extensions as te
from typing import Self


class Session(dict):
    modified = False
    accessed = False

    def __init__(self) -> None:
        def on_update(self: te.Self) -> None:
            self.modified = True
            #    ^ write: occurrences/self_typed.py::Session.modified
            self.accessed = True
            #    ^ write: occurrences/self_typed.py::Session.accessed

        super().__init__()
        self.callback = on_update

    def merge(self, other: Self) -> bool:
        return other.modified or self.accessed
        #            ^ value: occurrences/self_typed.py::Session.modified

    def same(self, other: "typing.Self") -> bool:
        return other.accessed is self.accessed
        #            ^ value: occurrences/self_typed.py::Session.accessed
