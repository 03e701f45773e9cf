class Future:
    def __init__(self) -> None:
        self._loop = None

    def done(self) -> bool:
        return self._loop is None


_PyFuture = Future
