from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Stream(Generic[T]):
    def __init__(self) -> None:
        self.buffered = 0


class Reader:
    # a generic class given its type arguments is that class
    def __init__(self, stream: Stream[bytes], done: Callable[[int], None]) -> None:
        self.stream = stream
        self.done = done

    def size(self) -> int:
        return self.stream.buffered
        #                  ^ defined: occurrences/generic_annotations.py::Stream.buffered


def measured(stream: "Stream[bytes]") -> int:
    return stream.buffered
    #             ^ defined: occurrences/generic_annotations.py::Stream.buffered
