from registry import default

default.register()
# --- file: registry.py
class Registry:
    def register(self):
        pass


default = Registry()
# expect: registry.py -> registry.py::Registry
# expect: main.py -> registry.py::Registry.register
