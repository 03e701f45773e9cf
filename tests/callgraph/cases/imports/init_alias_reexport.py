import pkg

pkg.go()
# --- file: pkg/__init__.py
from .engine import start as go
# --- file: pkg/engine.py
def start():
    pass
# expect: main.py -> pkg/engine.py::start
