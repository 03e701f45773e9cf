from enum import Enum


class Op(Enum):
    ADD = "+"
    SUB = "-"

    def apply(self, a, b):
        pass


Op("+").apply(1, 2)
for op in Op:
    op.apply(1, 2)
# calling an enum looks a member up by value; iterating an enum gives its members
# expect: main.py -> main.py::Op
# expect: main.py -> main.py::Op.apply
