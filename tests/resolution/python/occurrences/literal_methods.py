"""A local assigned what a literal's method returns (``{"_": 1}.get(key)``, ``"-".join(parts)``) holds no value
the resolver can name; the run goes on (before stop 53 the brace text was read as an anonymous object type of
TypeScript's, and the whole run stopped)."""


class Marker:
    def __init__(self) -> None:
        self.tag = "m"


def pick(key: str, parts: list) -> str:
    found = {"_": 1, "a": 2}.get(key)
    joined = "-".join(parts)
    marker = Marker()
    return f"{found.real}{joined.upper()}{marker.tag}"
    #                                            ^ value: occurrences/literal_methods.py::Marker.tag
