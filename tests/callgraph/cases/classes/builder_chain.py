class Builder:
    def add(self):
        return self

    def build(self):
        pass


Builder().add().add().build()
# expect: main.py -> main.py::Builder
# expect: main.py -> main.py::Builder.add
# expect: main.py -> main.py::Builder.build
