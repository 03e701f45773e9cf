class Calc:
    def add(self):
        pass

    def sub(self):
        pass

    def run(self, op):
        table = {"+": self.add, "-": self.sub}
        table[op]()


Calc().run("+")
# expect: main.py -> main.py::Calc
# expect: main.py -> main.py::Calc.run
# expect: main.py::Calc.run -> main.py::Calc.add | main.py::Calc.sub
