import collections


def first():
    pass


def second():
    pass


pending = collections.deque([first, second], maxlen=4)
pending.pop()()
# deque(iterable) holds the iterable's elements, at positions the analysis does not count
# expect: main.py -> main.py::first | main.py::second
