class Model:
    @classmethod
    def create(cls):
        return cls.build()

    @classmethod
    def build(cls):
        return cls()


class Order(Model):
    @classmethod
    def build(cls):
        return cls()
# create is never called: its cls is Model or Order (which inherits create and overrides build)
# expect: main.py::Model.create -> main.py::Model.build | main.py::Order.build
# Order overrides build: Model.build's cls is Model alone, and each build makes its own class
# expect: main.py::Model.build -> main.py::Model
# expect: main.py::Order.build -> main.py::Order
