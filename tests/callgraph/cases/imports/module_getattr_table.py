import registry

registry.make_user()
# --- file: registry.py
def _user():
    pass


def _group():
    pass


_FACTORIES = {"make_user": _user, "make_group": _group}


def __getattr__(name):
    return _FACTORIES[name]
# the missing name goes to __getattr__ with a name the analysis does not follow into the dict: either value
# expect: main.py -> registry.py::__getattr__
# expect: main.py -> registry.py::_user | registry.py::_group
