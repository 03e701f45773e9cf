class Service:
    def run(self):
        from helpers import assist
        assist()


Service().run()
# --- file: helpers.py
def assist():
    pass
# expect: main.py -> main.py::Service
# expect: main.py -> main.py::Service.run
# expect: main.py::Service.run -> helpers.py::assist
