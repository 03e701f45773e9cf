"""A text whose head no scope inside its file binds is looked up once per file, and a chain from a method's
receiver once per class (``Resolver.resolve_values``): every scope must still get its own meaning where the
name, the receiver or the class differs."""

LIMIT = 10


class Meter:
    unit = "m"

    def __init__(self) -> None:
        self.reading = 0

    def show(self) -> int:
        return self.reading + LIMIT
        #           ^ value: occurrences/shared_answers.py::Meter.reading
        #                     ^ value: occurrences/shared_answers.py:5

    def twice(self) -> int:
        return self.reading * 2
        #           ^ value: occurrences/shared_answers.py::Meter.reading

    def closure(self) -> int:
        def inner() -> int:
            return self.reading
            #           ^ value: occurrences/shared_answers.py::Meter.reading
        return inner()

    @classmethod
    def unit_of(cls) -> str:
        return cls.unit
        #          ^ value: occurrences/shared_answers.py::Meter.unit


class Gauge:
    def __init__(self) -> None:
        self.reading = 1.0

    def show(self) -> float:
        return self.reading
        #           ^ value: occurrences/shared_answers.py::Gauge.reading

    def nested(self) -> float:
        class Dial:
            def __init__(me) -> None:
                me.reading = "dial"

            def read(self) -> str:
                return self.reading
                #           ^ value: occurrences/shared_answers.py::Gauge.nested.Dial.reading

        return self.reading
        #           ^ value: occurrences/shared_answers.py::Gauge.reading


def not_a_method(self):
    return self.reading
    #           ^ ambiguous: occurrences/shared_answers.py::Meter.reading, occurrences/shared_answers.py::Gauge.reading, occurrences/shared_answers.py::Gauge.nested.Dial.reading


def reads_limit() -> int:
    return LIMIT
    #      ^ value: occurrences/shared_answers.py:5


def shadows_limit(LIMIT: int) -> int:
    return LIMIT
    #      ^ local: 66


def rebinds_limit() -> None:
    global LIMIT
    LIMIT = 3
    # ^ write: occurrences/shared_answers.py:5
    print(LIMIT)
    #     ^ value: occurrences/shared_answers.py:5
