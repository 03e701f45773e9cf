from pkg.sub.mod import run

run()
# --- file: pkg/__init__.py
# --- file: pkg/util.py
def helper():
    pass
# --- file: pkg/sub/__init__.py
# --- file: pkg/sub/mod.py
from ..util import helper


def run():
    helper()
# expect: main.py -> pkg/sub/mod.py::run
# expect: pkg/sub/mod.py::run -> pkg/util.py::helper
