# --- file: pkg/__init__.py
# --- file: pkg/a.py
from .b import helper


def run():
    helper()
# --- file: pkg/b.py
def helper():
    pass
# --- file: main.py
from pkg.a import run

run()
# expect: main.py -> pkg/a.py::run
# expect: pkg/a.py::run -> pkg/b.py::helper
