import tools

tools.missing()
tools.present()
# --- file: tools.py
def present():
    pass


def getattr_like(name):
    return present
# a module without __getattr__: a missing name is nothing of the project's (no edge)
# expect: main.py -> tools.py::present
# expect-none: main.py -> tools.py::getattr_like
