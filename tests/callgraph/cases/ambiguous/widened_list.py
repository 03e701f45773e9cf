# Fifty instances are put in one list, one element at a time. The list's element node grows more
# than MAX_GROWTHS (16) times, so it is widened after its 17th growth: frozen, marked incomplete.
# The call through it is ambiguous among the 17 classes that reached it first (program order),
# never resolved to one of them and never dropped.

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

class K20:
    def run(self):
        pass

class K21:
    def run(self):
        pass

class K22:
    def run(self):
        pass

class K23:
    def run(self):
        pass

class K24:
    def run(self):
        pass

class K25:
    def run(self):
        pass

class K26:
    def run(self):
        pass

class K27:
    def run(self):
        pass

class K28:
    def run(self):
        pass

class K29:
    def run(self):
        pass

class K30:
    def run(self):
        pass

class K31:
    def run(self):
        pass

class K32:
    def run(self):
        pass

class K33:
    def run(self):
        pass

class K34:
    def run(self):
        pass

class K35:
    def run(self):
        pass

class K36:
    def run(self):
        pass

class K37:
    def run(self):
        pass

class K38:
    def run(self):
        pass

class K39:
    def run(self):
        pass

class K40:
    def run(self):
        pass

class K41:
    def run(self):
        pass

class K42:
    def run(self):
        pass

class K43:
    def run(self):
        pass

class K44:
    def run(self):
        pass

class K45:
    def run(self):
        pass

class K46:
    def run(self):
        pass

class K47:
    def run(self):
        pass

class K48:
    def run(self):
        pass

class K49:
    def run(self):
        pass

ITEMS = [K00(), K01(), K02(), K03(), K04(), K05(), K06(), K07(), K08(), K09(), K10(), K11(), K12(), K13(), K14(), K15(), K16(), K17(), K18(), K19(), K20(), K21(), K22(), K23(), K24(), K25(), K26(), K27(), K28(), K29(), K30(), K31(), K32(), K33(), K34(), K35(), K36(), K37(), K38(), K39(), K40(), K41(), K42(), K43(), K44(), K45(), K46(), K47(), K48(), K49()]


def main():
    for item in ITEMS:
        item.run()

# expect: main.py::main -> main.py::K00.run | main.py::K01.run | main.py::K02.run | main.py::K03.run | main.py::K04.run | main.py::K05.run | main.py::K06.run | main.py::K07.run | main.py::K08.run | main.py::K09.run | main.py::K10.run | main.py::K11.run | main.py::K12.run | main.py::K13.run | main.py::K14.run | main.py::K15.run | main.py::K16.run
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
# expect: main.py -> main.py::K20
# expect: main.py -> main.py::K21
# expect: main.py -> main.py::K22
# expect: main.py -> main.py::K23
# expect: main.py -> main.py::K24
# expect: main.py -> main.py::K25
# expect: main.py -> main.py::K26
# expect: main.py -> main.py::K27
# expect: main.py -> main.py::K28
# expect: main.py -> main.py::K29
# expect: main.py -> main.py::K30
# expect: main.py -> main.py::K31
# expect: main.py -> main.py::K32
# expect: main.py -> main.py::K33
# expect: main.py -> main.py::K34
# expect: main.py -> main.py::K35
# expect: main.py -> main.py::K36
# expect: main.py -> main.py::K37
# expect: main.py -> main.py::K38
# expect: main.py -> main.py::K39
# expect: main.py -> main.py::K40
# expect: main.py -> main.py::K41
# expect: main.py -> main.py::K42
# expect: main.py -> main.py::K43
# expect: main.py -> main.py::K44
# expect: main.py -> main.py::K45
# expect: main.py -> main.py::K46
# expect: main.py -> main.py::K47
# expect: main.py -> main.py::K48
# expect: main.py -> main.py::K49
