from helpers import tool as t

t()
# expect: main.py -> helpers.py::tool
# --- file: helpers.py
def tool():
    pass
