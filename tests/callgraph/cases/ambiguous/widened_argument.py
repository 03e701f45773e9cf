# Twenty instances are put in one list, one element at a time: its element node is widened after
# MAX_GROWTHS (16) growths, holding the first 17 classes, so `item` is incomplete. A call that only
# passes `item` on still has one callee, known for certain: it is resolved, not ambiguous. Only the
# call whose callee is read from the widened node is ambiguous, among the 17 classes that reached it.

class K00:
    def run(self):
        pass

class K01:
    def run(self):
        pass

class K02:
    def run(self):
        pass

class K03:
    def run(self):
        pass

class K04:
    def run(self):
        pass

class K05:
    def run(self):
        pass

class K06:
    def run(self):
        pass

class K07:
    def run(self):
        pass

class K08:
    def run(self):
        pass

class K09:
    def run(self):
        pass

class K10:
    def run(self):
        pass

class K11:
    def run(self):
        pass

class K12:
    def run(self):
        pass

class K13:
    def run(self):
        pass

class K14:
    def run(self):
        pass

class K15:
    def run(self):
        pass

class K16:
    def run(self):
        pass

class K17:
    def run(self):
        pass

class K18:
    def run(self):
        pass

class K19:
    def run(self):
        pass

ITEMS = [K00(), K01(), K02(), K03(), K04(), K05(), K06(), K07(), K08(), K09(), K10(), K11(), K12(), K13(), K14(), K15(), K16(), K17(), K18(), K19()]


def visit(item):
    item.run()


def count(item, seen=None):
    return 1


def main():
    for item in ITEMS:
        visit(item)
        count(item, seen=item)

# expect: main.py::main -> main.py::visit
# expect: main.py::main -> main.py::count
# expect: main.py::visit -> main.py::K00.run | main.py::K01.run | main.py::K02.run | main.py::K03.run | main.py::K04.run | main.py::K05.run | main.py::K06.run | main.py::K07.run | main.py::K08.run | main.py::K09.run | main.py::K10.run | main.py::K11.run | main.py::K12.run | main.py::K13.run | main.py::K14.run | main.py::K15.run | main.py::K16.run
# expect: main.py -> main.py::K00
# expect: main.py -> main.py::K01
# expect: main.py -> main.py::K02
# expect: main.py -> main.py::K03
# expect: main.py -> main.py::K04
# expect: main.py -> main.py::K05
# expect: main.py -> main.py::K06
# expect: main.py -> main.py::K07
# expect: main.py -> main.py::K08
# expect: main.py -> main.py::K09
# expect: main.py -> main.py::K10
# expect: main.py -> main.py::K11
# expect: main.py -> main.py::K12
# expect: main.py -> main.py::K13
# expect: main.py -> main.py::K14
# expect: main.py -> main.py::K15
# expect: main.py -> main.py::K16
# expect: main.py -> main.py::K17
# expect: main.py -> main.py::K18
# expect: main.py -> main.py::K19
