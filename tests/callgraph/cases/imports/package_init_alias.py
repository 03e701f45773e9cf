from pkg import start

start()
# expect: main.py -> pkg/impl.py::run
# --- file: pkg/__init__.py
from .impl import run as start
# --- file: pkg/impl.py
def run():
    pass
