# --- file: pkg/__init__.py
from .impl import helper
# --- file: pkg/impl.py
def helper():
    pass
# --- file: main.py
from pkg import helper

helper()
# expect: main.py -> pkg/impl.py::helper
