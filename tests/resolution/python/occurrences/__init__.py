from .futures import Future

EXPORTED = (Future, futures._PyFuture)
#                           ^ value: occurrences/futures.py:9
