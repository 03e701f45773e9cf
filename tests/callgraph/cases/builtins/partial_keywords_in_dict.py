from functools import partial


def send(host, port, data):
    pass


def log(msg, level):
    pass


handlers = {"send": partial(send, "localhost", port=80), "log": partial(log, level=1)}
handlers["send"](b"x")
handlers["log"]("m")
# expect: main.py -> main.py::send
# expect: main.py -> main.py::log
