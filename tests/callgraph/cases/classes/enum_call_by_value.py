from enum import Enum


class Op(Enum):
    ADD = "+"
    SUB = "-"

    def apply(self, a, b):
        pass


Op("+").apply(1, 2)
for op in Op:
    op.apply(1, 2)
# calling an enum looks a member up by value; iterating an enum gives its members (through the enum
# machinery's __iter__, from outside the project: a member, or what else it may give, so the loop's call
# stays open with the member's method its one candidate; at module level since ``op`` is a module variable)
# expect: main.py -> main.py::Op
# expect: main.py -> main.py::Op.apply
# expect: main.py -> main.py::Op.apply |
