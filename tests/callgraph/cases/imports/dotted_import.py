# --- file: pkg/__init__.py
# --- file: pkg/tools.py
def helper():
    pass
# --- file: main.py
import pkg.tools

pkg.tools.helper()
# expect: main.py -> pkg/tools.py::helper
