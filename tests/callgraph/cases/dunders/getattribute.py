class Audited:
    def __getattribute__(self, name):
        return super().__getattribute__(name)

    def run(self):
        pass


Audited().run()
# every attribute read goes through __getattribute__
# expect: main.py -> main.py::Audited
# expect: main.py -> main.py::Audited.__getattribute__
# expect: main.py -> main.py::Audited.run
