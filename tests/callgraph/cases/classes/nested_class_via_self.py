class Outer:
    class Inner:
        def go(self):
            pass

    def make(self):
        return self.Inner()


Outer().make().go()
# expect: main.py -> main.py::Outer
# expect: main.py -> main.py::Outer.make
# expect: main.py::Outer.make -> main.py::Outer.Inner
# expect: main.py -> main.py::Outer.Inner.go
