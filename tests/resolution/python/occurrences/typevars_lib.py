"""A function of the project's named ``TypeVar``: what it returns is no type variable."""


def TypeVar(name: str, bound: object = None) -> object:  # noqa: N802
    return bound
