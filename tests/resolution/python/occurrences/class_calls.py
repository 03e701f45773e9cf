"""``ret = cls(…)`` in a class method (or ``__new__``) holds an instance of the method's class (pyright: ``Self``)."""


class Address:
    def __init__(self) -> None:
        self.scheme = ""
        self.listen_port = 0

    @classmethod
    def from_parts(cls, scheme, listen_port):
        made = cls()
        made.scheme = scheme
        #    ^ write: occurrences/class_calls.py::Address.scheme
        made.listen_port = listen_port
        #    ^ write: occurrences/class_calls.py::Address.listen_port
        return made

    def __new__(cls, *args):
        fresh = super().__new__(cls)
        return fresh

    def copy(self):
        other = self.from_parts(self.scheme, self.listen_port)
        return other


class Socket:
    def __init__(self) -> None:
        self.scheme = "tcp"
        self.listen_port = 1

    def __call__(self):
        return self

    def again(self):
        called = self()  # (an instance's ``__call__``, not a new instance: nothing said here)
        return called.listen_port
        #             ^ ambiguous: occurrences/class_calls.py::Address.listen_port, occurrences/class_calls.py::Socket.listen_port
