# --- file: pkg/__init__.py
from .mid import helper
# --- file: pkg/mid.py
from .low import helper
# --- file: pkg/low.py
def helper():
    pass
# --- file: main.py
import pkg

pkg.helper()
# expect: main.py -> pkg/low.py::helper
