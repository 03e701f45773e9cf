# --- file: a.py
import b


def ping():
    b.pong()
# --- file: b.py
import a


def pong():
    pass


def start():
    a.ping()
# --- file: main.py
import b

b.start()
# expect: main.py -> b.py::start
# expect: b.py::start -> a.py::ping
# expect: a.py::ping -> b.py::pong
