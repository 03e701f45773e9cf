# --- file: pkg/__init__.py
def sub():
    pass
# --- file: pkg/sub.py
def x():
    pass
# --- file: main.py
import pkg.sub


def call(module):
    module.sub.x()


call(pkg)
pkg.sub.x()
# the statement set ``pkg.sub`` to the submodule once ``pkg/__init__`` had run (its ``sub`` is no longer there)
# expect: main.py -> main.py::call
# expect: main.py -> pkg/sub.py::x
# expect: main.py::call -> pkg/sub.py::x
