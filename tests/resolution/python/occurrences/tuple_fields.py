"""``self.a, self.b = …`` (a tuple, a list, a starred target too) in a method defines the fields ``a`` and
``b`` as ``self.a = …`` does; an attribute read on the right of such an assignment defines nothing."""


class Lookup:
    def __init__(self, lhs, rhs):
        self.lhs, self.rhs = lhs, rhs
        first, *self.rest = rhs
        [self.low, self.high] = first, first
        args, kwargs = self.arguments
        #                   ^ unresolved

    def describe(self):
        return self.lhs, self.rhs, self.rest, self.low, self.high
        #           ^ value: occurrences/tuple_fields.py:7
        #                     ^ value: occurrences/tuple_fields.py:7
        #                               ^ value: occurrences/tuple_fields.py:8
        #                                          ^ value: occurrences/tuple_fields.py:9
        #                                                    ^ value: occurrences/tuple_fields.py:9
