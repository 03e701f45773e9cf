def tool():
    pass


from helpers import tool  # noqa: E402

tool()
# expect: main.py -> helpers.py::tool
# --- file: helpers.py
def tool():
    pass
