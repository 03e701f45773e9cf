from collections import deque


def low():
    pass


def high():
    pass


urgent = deque()
later = deque()
later.append(low)
urgent.appendleft(high)
urgent.popleft()()
# each deque() call makes its own queue: what one holds is not the other's
# expect: main.py -> main.py::high
