"""A function's parameters are in effect in its body only: annotations, defaults and the return annotation
are read in the scope around the function."""


class Response:
    pass


def redirect(location: str, Response: type[Response] | None = None) -> Response:
#                                          ^ defined: occurrences/scoping.py:5
#                                                                      ^ defined: occurrences/scoping.py:5
    if Response is None:
        return globals()["Response"](location)
    return Response(location)
    #      ^ local: 9


limit = 10


def clip(values: list[int], limit: int = limit) -> list[int]:
#                                        ^ value: occurrences/scoping.py:18
    return [v for v in values if v < limit]
    #                                ^ local: 21



def wrap(function):
    return function


def as_view():
    def view(x):
        return x

    view.flag = 1
#   ^ value: occurrences/scoping.py::as_view.view
    view = wrap(view)
#   ^ write: occurrences/scoping.py::as_view.view
    #           ^ value: occurrences/scoping.py::as_view.view
    return view
    #      ^ value: occurrences/scoping.py::as_view.view


def stamper(utc: bool) -> object:
    now: object  # (a declaration with a type of its own: the defs below assign it)
    if utc:
        def now() -> int:
            return 1
    else:
        def now() -> int:
            return 2
    return now
    #      ^ local: 46


def chooser(fast: bool) -> object:
    pick = None  # (assigned before the def: the name's first declaration)
    if fast:
        def pick() -> int:
            return 1
    return pick
    #      ^ local: 58
