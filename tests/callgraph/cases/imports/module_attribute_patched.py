# --- file: util.py
def helper():
    pass
# --- file: main.py
import util


def replacement():
    pass


util.helper = replacement
util.helper()
# expect: main.py -> main.py::replacement | util.py::helper
