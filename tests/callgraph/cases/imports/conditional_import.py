try:
    from fast import parse
except ImportError:
    from slow import parse

parse()
# expect: main.py -> fast.py::parse | slow.py::parse
# --- file: fast.py
def parse():
    pass
# --- file: slow.py
def parse():
    pass
