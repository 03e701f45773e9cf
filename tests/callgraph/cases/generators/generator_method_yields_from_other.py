class Tree:
    def __init__(self, children):
        self.children = children

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def visit(self):
        pass


for node in Tree([Tree([])]).walk():
    node.visit()
# expect: main.py -> main.py::Tree.__init__
# expect: main.py -> main.py::Tree.walk
# expect: main.py::Tree.walk -> main.py::Tree.walk
# expect: main.py -> main.py::Tree.visit
