"""``__new__`` (or a class method) that makes the instance itself: ``instance = super().__new__(cls)`` or
``object.__new__(cls)`` holds a new instance of the class, and ``instance.x = …`` there defines the field ``x``
as ``self.x = …`` in ``__init__`` does."""


class Deque:
    __slots__ = ("_left", "_length")

    def __new__(cls, left, length):
        instance = super(Deque, cls).__new__(cls)
        instance._left = left
        instance._length = length
        return instance

    @classmethod
    def make(cls, n):
        inst = object.__new__(cls)
        inst._length = n
        #    ^ write: occurrences/constructed.py:12
        inst.grow()
        #    ^ defined: occurrences/constructed.py:24
        return inst

    def grow(self):
        return self._left, self._length
        #           ^ value: occurrences/constructed.py:11
        #                       ^ value: occurrences/constructed.py:12


class Other:
    def grow(self):
        pass
