class Seq:
    def __iter__(self):
        return iter([1])


def gen():
    yield from Seq()


list(gen())
# yield from iterates its operand
# expect: main.py -> main.py::gen
# expect: main.py::gen -> main.py::Seq
# expect: main.py::gen -> main.py::Seq.__iter__
