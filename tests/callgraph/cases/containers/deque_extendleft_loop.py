from collections import deque


def step_one():
    pass


def step_two():
    pass


def drain(steps):
    while steps:
        steps.popleft()()


work = deque()
work.extendleft([step_one, step_two])
drain(work)
# extendleft adds each element of its iterable
# expect: main.py -> main.py::drain
# expect: main.py::drain -> main.py::step_one | main.py::step_two
