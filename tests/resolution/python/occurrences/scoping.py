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

