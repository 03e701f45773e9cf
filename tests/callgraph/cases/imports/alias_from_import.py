# --- file: util.py
def helper():
    pass
# --- file: main.py
from util import helper as h

h()
# expect: main.py -> util.py::helper
