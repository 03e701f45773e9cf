from .futures import Future

EXPORTED = (Future, futures._PyFuture)
#                           ^ value: occurrences/futures.py:9
from .choose import choose  # noqa: E402

CHOSEN = choose
#        ^ value: occurrences/choose.py:4
