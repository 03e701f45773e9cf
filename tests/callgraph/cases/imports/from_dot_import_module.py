from pkg import api

api.start()
# --- file: pkg/__init__.py
# --- file: pkg/api.py
from . import util


def start():
    util.helper()
# --- file: pkg/util.py
def helper():
    pass
# expect: main.py -> pkg/api.py::start
# expect: pkg/api.py::start -> pkg/util.py::helper
