class Plain:
    def size(self):
        return 0


p = Plain()
if p:
    p.size()
# no __bool__ or __len__: an instance is true, nothing is called for the test
# expect: main.py -> main.py::Plain
# expect: main.py -> main.py::Plain.size
