def a():
    pass


class Box:
    pass


box = Box()
box.fn = a
box.fn()
# expect: main.py -> main.py::Box
# expect: main.py -> main.py::a
