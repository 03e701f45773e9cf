class Outer:
    class Inner:
        def go(self):
            pass


Outer.Inner().go()
# expect: main.py -> main.py::Outer.Inner
# expect: main.py -> main.py::Outer.Inner.go
