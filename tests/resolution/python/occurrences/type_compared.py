"""``type(x) is C`` narrows ``x`` to a ``C`` where it holds, as ``isinstance(x, C)`` does (pyright)."""


class Included:
    def __init__(self) -> None:
        self.contents = set()

    def complemented(self):
        return self

    def merged(self, other):
        if type(other) is type(self):
            return other.contents
            #            ^ defined: occurrences/type_compared.py::Included.contents
        return None


class Excluded:
    def __init__(self) -> None:
        self.contents = frozenset()

    def complemented(self):
        return self


def normalized(other):
    if type(other) in (set, frozenset):
        return other
    elif type(other) is Included:
        return other.contents
        #            ^ defined: occurrences/type_compared.py::Included.contents
    return None


def flipped(wrapped):
    if type(wrapped) == Excluded:
        return wrapped.complemented()
        #              ^ defined: occurrences/type_compared.py::Excluded.complemented
    if type(wrapped) is not Included:
        raise TypeError("an Included")
    return wrapped.contents
    #              ^ defined: occurrences/type_compared.py::Included.contents


def either(value):
    if type(value) is Included and value.contents:
        #                                ^ defined: occurrences/type_compared.py::Included.contents
        return value.complemented()
        #            ^ defined: occurrences/type_compared.py::Included.complemented
    return value.contents
    #            ^ ambiguous: occurrences/type_compared.py::Included.contents, occurrences/type_compared.py::Excluded.contents
