from c import start

start()
# expect: main.py -> a.py::run
# --- file: a.py
def run():
    pass
# --- file: b.py
from a import run as go
# --- file: c.py
from b import go as start
