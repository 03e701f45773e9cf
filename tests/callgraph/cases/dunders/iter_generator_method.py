class Tree:
    def __iter__(self):
        yield Leaf()


class Leaf:
    def visit(self):
        pass


for leaf in Tree():
    leaf.visit()
# expect: main.py -> main.py::Tree
# expect: main.py -> main.py::Tree.__iter__
# expect: main.py::Tree.__iter__ -> main.py::Leaf
# expect: main.py -> main.py::Leaf.visit
