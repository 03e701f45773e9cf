import pkg.sub.mod as m

m.run()
# --- file: pkg/__init__.py
# --- file: pkg/sub/__init__.py
# --- file: pkg/sub/mod.py
def run():
    pass
# expect: main.py -> pkg/sub/mod.py::run
