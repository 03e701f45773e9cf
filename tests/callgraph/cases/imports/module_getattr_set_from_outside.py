import lazy


def real():
    pass


lazy.later = real
lazy.later()
# --- file: lazy.py
def _stub():
    pass


def __getattr__(name):
    return _stub
# the name is set on the module from outside, so it exists there: __getattr__ is not asked for it
# expect: main.py -> main.py::real
# expect-none: main.py -> lazy.py::__getattr__
