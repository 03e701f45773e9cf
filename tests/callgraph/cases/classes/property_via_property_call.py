class Thing:
    def _get_name(self):
        return self.compute()

    def compute(self):
        return ""

    name = property(_get_name)


Thing().name
# property(fget) as a call: reading the attribute calls fget
# expect: main.py -> main.py::Thing
# expect: main.py -> main.py::Thing._get_name
# expect: main.py::Thing._get_name -> main.py::Thing.compute
