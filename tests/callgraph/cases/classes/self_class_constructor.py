class Node:
    def clone(self):
        return self.__class__()

    def visit(self):
        pass


class Leaf(Node):
    def visit(self):
        pass


Leaf().clone().visit()
# expect: main.py -> main.py::Leaf
# expect: main.py -> main.py::Node.clone
# expect: main.py::Node.clone -> main.py::Leaf
# expect: main.py -> main.py::Leaf.visit
