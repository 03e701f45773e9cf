"""``d.get(k)``, ``d.pop(k)`` and ``d.setdefault(k, v)`` give what ``d[k]`` reads: a value of the mapping (one of
``weakref``'s too), and ``xs.pop()`` and ``xs.popleft()`` an element of the collection, as the annotations say."""

from collections import deque
from typing import Deque, Dict, List
from weakref import WeakKeyDictionary


class State:
    def __init__(self) -> None:
        self.scope = 0


class Other:
    def __init__(self) -> None:
        self.scope = 1


class Registry:
    def get(self, key: object) -> Other:
        return Other()


_states: "WeakKeyDictionary[object, State]" = WeakKeyDictionary()
_plain: Dict[str, State] = {}


def step(key: object, items: List[State], queue: Deque[State], registry: Registry) -> int:
    state = _states.get(key)
    other = _plain.setdefault("a", State())
    last = items.pop()
    first = queue.popleft()
    own = registry.get(key)  # (a class's own ``get``: what it returns)
    return state.scope + other.scope + last.scope + first.scope + own.scope + _states[key].scope
    #            ^ value: occurrences/mapping_reads.py::State.scope
    #                          ^ value: occurrences/mapping_reads.py::State.scope
    #                                       ^ value: occurrences/mapping_reads.py::State.scope
    #                                                     ^ value: occurrences/mapping_reads.py::State.scope
    #                                                                 ^ value: occurrences/mapping_reads.py::Other.scope
    #                                                                                      ^ value: occurrences/mapping_reads.py::State.scope


def fresh() -> Deque[State]:
    return deque()
