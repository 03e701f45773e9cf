class Thing:
    def __getattr__(self, name):
        return None

    def run(self):
        pass


Thing().run()
# run is found on the class: __getattr__ is not called
# expect: main.py -> main.py::Thing
# expect: main.py -> main.py::Thing.run
