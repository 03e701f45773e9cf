from helpers import tool


def tool():
    pass


tool()
# expect: main.py -> main.py::tool
# --- file: helpers.py
def tool():
    pass
