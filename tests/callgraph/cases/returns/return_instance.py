class Box:
    def open(self):
        pass


def build():
    return Box()


build().open()
# expect: main.py -> main.py::build
# expect: main.py::build -> main.py::Box
# expect: main.py -> main.py::Box.open
