from helpers import tool


def other():
    pass


tool = other
tool()
# expect: main.py -> main.py::other
# --- file: helpers.py
def tool():
    pass
