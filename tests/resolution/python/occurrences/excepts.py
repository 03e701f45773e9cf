"""``except C as e`` clauses that bind one name to different classes: in each clause, ``e`` is that clause's
class (Python unbinds the name when the clause ends), though the function's name holds several types."""


class ReadError(Exception):
    def __init__(self, partial):
        self.partial = partial


class OverrunError(Exception):
    def __init__(self, consumed):
        self.consumed = consumed


def readline(reader):
    try:
        return reader()
    except ReadError as e:
        return e.partial
        #        ^ value: occurrences/excepts.py:7
    except OverrunError as e:
        return e.consumed
        #        ^ value: occurrences/excepts.py:12
