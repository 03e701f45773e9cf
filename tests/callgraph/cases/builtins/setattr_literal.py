def helper():
    pass


class Box:
    pass


box = Box()
setattr(box, "fn", helper)
box.fn()
# expect: main.py -> main.py::Box
# expect: main.py -> main.py::helper
