def on_done():
    pass


def start(*, callback):
    callback()


start(callback=on_done)
# expect: main.py -> main.py::start
# expect: main.py::start -> main.py::on_done
