# --- file: config.py
def default():
    pass


def custom():
    pass


handler = default
# --- file: main.py
import config

config.handler = config.custom
config.handler()
# expect: main.py -> config.py::default | config.py::custom
