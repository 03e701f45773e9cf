import importlib


def load(name):
    return importlib.import_module(name)


load("plugins.alpha").run()
# --- file: plugins/__init__.py
# --- file: plugins/alpha.py
def run():
    pass
# a name that is no literal at the call is not followed (the module is not known there)
# expect: main.py -> main.py::load
# expect-none: main.py -> plugins/alpha.py::run
