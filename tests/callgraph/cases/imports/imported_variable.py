# --- file: config.py
def default():
    pass


handler = default
# --- file: main.py
from config import handler

handler()
# expect: main.py -> config.py::default
