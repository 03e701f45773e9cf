def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn


boxes = []
for fn in [f1, f2]:
    boxes.append(Box(fn))
for box in boxes:
    box.fn()
# one allocation site in a loop makes every box: one abstract box whose fn is f1 or f2, and the
# loop calls both: ambiguous is the right answer here
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::f1 | main.py::f2
