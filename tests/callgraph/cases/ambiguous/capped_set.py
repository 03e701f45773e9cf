# One expression may be any of fifty classes: the set passes MAX_SET_SIZE (48) in one step and is
# capped. The call is ambiguous among the 48 classes that got in (in the order written), never
# resolved to one of them and never dropped.

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


def main(flag):
    chosen = K00 or K01 or K02 or K03 or K04 or K05 or K06 or K07 or K08 or K09 or K10 or K11 or K12 or K13 or K14 or K15 or K16 or K17 or K18 or K19 or K20 or K21 or K22 or K23 or K24 or K25 or K26 or K27 or K28 or K29 or K30 or K31 or K32 or K33 or K34 or K35 or K36 or K37 or K38 or K39 or K40 or K41 or K42 or K43 or K44 or K45 or K46 or K47 or K48 or K49
    chosen().run()

# expect: main.py::main -> main.py::K00.run | main.py::K01.run | main.py::K02.run | main.py::K03.run | main.py::K04.run | main.py::K05.run | main.py::K06.run | main.py::K07.run | main.py::K08.run | main.py::K09.run | main.py::K10.run | main.py::K11.run | main.py::K12.run | main.py::K13.run | main.py::K14.run | main.py::K15.run | main.py::K16.run | main.py::K17.run | main.py::K18.run | main.py::K19.run | main.py::K20.run | main.py::K21.run | main.py::K22.run | main.py::K23.run | main.py::K24.run | main.py::K25.run | main.py::K26.run | main.py::K27.run | main.py::K28.run | main.py::K29.run | main.py::K30.run | main.py::K31.run | main.py::K32.run | main.py::K33.run | main.py::K34.run | main.py::K35.run | main.py::K36.run | main.py::K37.run | main.py::K38.run | main.py::K39.run | main.py::K40.run | main.py::K41.run | main.py::K42.run | main.py::K43.run | main.py::K44.run | main.py::K45.run | main.py::K46.run | main.py::K47.run
# expect: main.py::main -> main.py::K00 | main.py::K01 | main.py::K02 | main.py::K03 | main.py::K04 | main.py::K05 | main.py::K06 | main.py::K07 | main.py::K08 | main.py::K09 | main.py::K10 | main.py::K11 | main.py::K12 | main.py::K13 | main.py::K14 | main.py::K15 | main.py::K16 | main.py::K17 | main.py::K18 | main.py::K19 | main.py::K20 | main.py::K21 | main.py::K22 | main.py::K23 | main.py::K24 | main.py::K25 | main.py::K26 | main.py::K27 | main.py::K28 | main.py::K29 | main.py::K30 | main.py::K31 | main.py::K32 | main.py::K33 | main.py::K34 | main.py::K35 | main.py::K36 | main.py::K37 | main.py::K38 | main.py::K39 | main.py::K40 | main.py::K41 | main.py::K42 | main.py::K43 | main.py::K44 | main.py::K45 | main.py::K46 | main.py::K47
