# a module with a stub beside it (shapes.pyi): type checkers read the stub, and so do the names of an importer;
# a call runs this module's function (the points-to analysis follows what executes)
class Circle:
    def __init__(self, radius):
        self.radius = radius

    def area(self):
        return 3 * self.radius * self.radius


def unit():
    return Circle(1)


def untyped_helper():
    return 0
