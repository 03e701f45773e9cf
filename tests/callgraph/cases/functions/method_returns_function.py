def low():
    pass


def high():
    pass


class Picker:
    def __init__(self, fast):
        self.fast = fast

    def pick(self):
        if self.fast:
            return high
        return low


Picker(True).pick()()
# expect: main.py -> main.py::Picker.__init__
# expect: main.py -> main.py::Picker.pick
# expect: main.py -> main.py::high | main.py::low
