import importlib

extra = importlib.import_module("vendored.extra")
extra.run()
# --- file: extra.py
def run():
    pass
# no project module is named vendored.extra: nothing of the project is called (not the extra.py at the root)
# expect-none: main.py -> extra.py::run
