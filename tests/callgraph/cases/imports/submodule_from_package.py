# --- file: pkg/__init__.py
# --- file: pkg/tools.py
def helper():
    pass
# --- file: main.py
from pkg import tools

tools.helper()
# expect: main.py -> pkg/tools.py::helper
