from collections import deque


def a():
    pass


queue = deque()
queue.append(a)
queue.popleft()()
# expect: main.py -> main.py::a
