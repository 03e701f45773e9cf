class Tree:
    def walk(self):
        yield self.visit

    def visit(self):
        pass


for step in Tree().walk():
    step()
# expect: main.py -> main.py::Tree
# expect: main.py -> main.py::Tree.walk
# expect: main.py -> main.py::Tree.visit
