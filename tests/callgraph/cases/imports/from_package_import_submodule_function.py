from pkg import tools

tools.run()
# --- file: pkg/__init__.py
from . import tools
# --- file: pkg/tools.py
def run():
    pass
# expect: main.py -> pkg/tools.py::run
