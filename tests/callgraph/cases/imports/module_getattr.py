import lazy

lazy.thing()
# --- file: lazy.py
def _real():
    pass


def __getattr__(name):
    return _real
# a missing module attribute goes to the module's __getattr__ (PEP 562)
# expect: main.py -> lazy.py::__getattr__
# expect: main.py -> lazy.py::_real
