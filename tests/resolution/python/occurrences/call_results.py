"""A method called on what another call returns (``get_backend().sleep()``): the token names the method of
the callee's declared return type, as a type checker binds it; the call keeps every method so named that may
run (the analysis knows no value here: an override in a subclass may)."""

from typing import Type


class Backend:
    @classmethod
    def sleep(cls) -> int:
        raise NotImplementedError

    def bind(self) -> "Backend":
        return self


class FastBackend(Backend):
    @classmethod
    def sleep(cls) -> int:
        return 1


def get_backend(name: str) -> Type[Backend]:
    return globals()[name]


def nap() -> int:
    return get_backend("FastBackend").sleep()
    #                                 ^ value: occurrences/call_results.py::Backend.sleep
    #                                 ^ ambiguous: occurrences/call_results.py::Backend.sleep, occurrences/call_results.py::FastBackend.sleep


def chain(b: Backend) -> Backend:
    return b.bind().bind()
    #               ^ defined: occurrences/call_results.py::Backend.bind
