import importlib

mod = importlib.import_module("pkg.tools")
mod.run()
# --- file: pkg/__init__.py
# --- file: pkg/tools.py
def run():
    pass
# expect: main.py -> pkg/tools.py::run
