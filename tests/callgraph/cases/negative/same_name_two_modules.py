# --- file: a.py
def helper():
    pass
# --- file: b.py
def helper():
    pass
# --- file: main.py
from a import helper

helper()
# b.helper is never called
# expect: main.py -> a.py::helper
