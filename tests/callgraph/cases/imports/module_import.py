# --- file: util.py
def helper():
    pass
# --- file: main.py
import util

util.helper()
# expect: main.py -> util.py::helper
