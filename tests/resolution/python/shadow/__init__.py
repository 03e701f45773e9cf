"""A package whose ``__init__`` binds names its submodules have too (``sub``, ``tool``, ``own``)."""


def sub():
    return 0


tool = None
