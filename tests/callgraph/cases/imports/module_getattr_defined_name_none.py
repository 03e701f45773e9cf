import plugins

plugins.load()
# --- file: plugins.py
def load():
    pass


def _fallback():
    pass


def __getattr__(name):
    return _fallback
# load is bound in the module: reading it does not go through the module's __getattr__
# expect: main.py -> plugins.py::load
# expect-none: main.py -> plugins.py::__getattr__
# expect-none: main.py -> plugins.py::_fallback
