"""A value that is an instance or a constant (a number, ``None``, what ``len`` gives): a method no constant has is
the instance's alone; one that a constant also has (an int's ``bit_length``) stays open."""


class Meter:
    def drain(self) -> int:
        return 0

    def bit_length(self) -> int:
        return 1


def read(flag: bool) -> int:
    value = Meter() if flag else len("ab")
    return value.drain() + value.bit_length()
    #            ^ defined: occurrences/constants.py::Meter.drain
    #                            ^ ambiguous: occurrences/constants.py::Meter.bit_length
