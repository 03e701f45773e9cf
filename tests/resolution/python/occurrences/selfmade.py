"""A field assigned what a member of its own class makes (``self._local = self._Local()``, a nested class;
``self.parts = self.new_parts()``, a factory method, maybe inherited) holds what that member makes: the type
is read from the class, where no ``self`` is, so it is named through the class."""

import threading


class Policy:
    class _Local(threading.local):
        loop = None
        set_called = False

    def __init__(self):
        self._local = self._Local()

    def get(self):
        if self._local.loop is None:
            #          ^ value: occurrences/selfmade.py:10
            self._local.set_called = True
            #           ^ write: occurrences/selfmade.py:11
        return self._local.loop
        #                  ^ value: occurrences/selfmade.py:10


class Parts:
    def clear(self) -> None:
        pass


class Base:
    def new_parts(self) -> Parts:
        return Parts()


class Machine(Base):
    def __init__(self):
        self.parts = self.new_parts()

    def reset(self):
        self.parts.clear()
        #          ^ defined: occurrences/selfmade.py:26
