from d import f

f()
# expect: main.py -> a.py::f
# --- file: a.py
def f():
    pass
# --- file: b.py
from a import f
# --- file: c.py
from b import f
# --- file: d.py
from c import f
