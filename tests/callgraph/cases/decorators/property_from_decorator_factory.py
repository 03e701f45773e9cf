def cached(fn):
    return property(fn)


class Box:
    @cached
    def size(self):
        return 1


Box.size
# reading the decorated name on the class gives the property object: nothing is called
# expect: main.py::Box -> main.py::cached
