# --- file: util.py
def helper():
    pass
# --- file: main.py
from util import *

helper()
# expect: main.py -> util.py::helper
