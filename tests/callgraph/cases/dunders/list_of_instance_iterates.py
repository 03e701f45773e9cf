# list() and len() of an instance: __iter__ and __len__ run at the calls
class Node:
    def __init__(self):
        self.children = []

    def __iter__(self):
        return iter(self.children)

    def __len__(self):
        return len(self.children)


n = Node()
size = len(n)
items = list(n)
# expect: main.py -> main.py::Node.__init__
# expect: main.py -> main.py::Node.__len__
# expect: main.py -> main.py::Node.__iter__
