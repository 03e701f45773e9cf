from outer import *

helper()
# expect: main.py -> inner.py::helper
# --- file: inner.py
def helper():
    pass
# --- file: outer.py
from inner import *
