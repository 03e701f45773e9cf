"""``a, b = Foo(x), y``: a name of a tuple pattern holds what the expression at its position gives (a call of a
class: an instance of it), as ``a = Foo(x)`` would."""


class Cursor:
    def __init__(self) -> None:
        self.cursor_offset = 0


class Marker:
    def __init__(self) -> None:
        self.cursor_offset = 1


def advance(start):
    here, origin = Cursor(), start
    print(origin)
    return here.cursor_offset
    #           ^ value: occurrences/paired_assignments.py::Cursor.cursor_offset


def pair():
    left, right = Cursor(), Marker()
    return left.cursor_offset, right.cursor_offset
    #           ^ value: occurrences/paired_assignments.py::Cursor.cursor_offset
    #                                ^ value: occurrences/paired_assignments.py::Marker.cursor_offset


def swapped(a, b):
    a, b = b, a  # (names: nothing said)
    return a.cursor_offset
    #        ^ ambiguous: occurrences/paired_assignments.py::Cursor.cursor_offset, occurrences/paired_assignments.py::Marker.cursor_offset
