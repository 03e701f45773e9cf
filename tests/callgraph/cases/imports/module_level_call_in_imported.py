import setup_mod

setup_mod.ready()
# --- file: setup_mod.py
def configure():
    pass


def ready():
    pass


configure()
# expect: setup_mod.py -> setup_mod.py::configure
# expect: main.py -> setup_mod.py::ready
