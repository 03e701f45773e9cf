"""A class body runs in order, in a scope its nested scopes do not see: a name it binds only further on is the
module's there, and a comprehension's element reads the module's names (its first iterable reads the body's)."""

limit = 10
y = 100
rows = [1, 2]


class K:
    a = limit
    #   ^ value: occurrences/class_bodies.py:4
    width = limit.bit_length()
    #       ^ value: occurrences/class_bodies.py:4
    limit = 5
    b = limit
    #   ^ value: occurrences/class_bodies.py::K.limit


class B:
    y = 1
    rows = [3]
    z = [y for _ in rows]
    #    ^ value: occurrences/class_bodies.py:5
    #               ^ value: occurrences/class_bodies.py::B.rows
    pairs = {y: [y for _ in rows] for _ in rows}
    #        ^ value: occurrences/class_bodies.py:5
    #            ^ value: occurrences/class_bodies.py:5
    w = lambda: y
    #           ^ value: occurrences/class_bodies.py:5
    after = y
    #       ^ value: occurrences/class_bodies.py::B.y
