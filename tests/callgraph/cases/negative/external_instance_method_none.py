import threading


def run():
    lock = threading.Lock()
    lock.acquire()
# expect-none: main.py::run -> main.py::run
