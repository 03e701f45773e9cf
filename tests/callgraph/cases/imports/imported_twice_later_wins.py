from first import run
from second import run

run()
# the later import binds the name
# expect: main.py -> second.py::run
# expect-none: main.py -> first.py::run
# --- file: first.py
def run():
    pass
# --- file: second.py
def run():
    pass
