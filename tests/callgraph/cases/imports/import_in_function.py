# --- file: util.py
def helper():
    pass
# --- file: main.py
def run():
    from util import helper
    helper()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> util.py::helper
