def f1():
    pass


def f2():
    pass


def f3():
    pass


class Box:
    def __init__(self, fn):
        self.fn = fn

    def run(self):
        self.fn()


for box in [Box(f1), Box(f2)]:
    box.run()
# run is genuinely called on both boxes: its call reaches f1 and f2
# expect: main.py -> main.py::Box.__init__
# expect: main.py -> main.py::Box.run
# expect: main.py::Box.run -> main.py::f1 | main.py::f2
